import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { renderWithProviders } from '@/testing/test-utils';
import { addToQuoteList, MAX_QUOTE_ITEMS, readQuoteList } from '../utils/quote-list';
import { AddToQuoteButton, QuoteListBar, RequestQuoteButton } from './quote-buttons';

const generator = makeProduct();

describe('quote buttons', () => {
  it('Request a quote puts the product in the list at its minimum and opens /quote', async () => {
    renderWithProviders(<RequestQuoteButton product={generator} />);
    await userEvent.click(screen.getByRole('button', { name: 'Request a quote: Diesel Generator 60 kVA' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/quote');
    expect(readQuoteList()).toMatchObject([{ productId: generator._id, name: 'Diesel Generator 60 kVA', quantity: 2 }]);
  });

  it('Add to quote adds once, toasts, and then shows In quote list; the bar counts and links to /quote', async () => {
    renderWithProviders(
      <>
        <QuoteListBar />
        <AddToQuoteButton product={generator} />
      </>,
    );
    expect(screen.queryByTestId('quote-list-bar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to quote: Diesel Generator 60 kVA' }));
    expect(await screen.findByText('Diesel Generator 60 kVA was added to your quote list.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In quote list: Diesel Generator 60 kVA' })).toBeDisabled();
    expect(screen.getByText('1 product in your quote list')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review and send' })).toHaveAttribute('href', '/quote');
    expect(readQuoteList()).toHaveLength(1);
  });

  it('a full list takes no more products, and says so', async () => {
    for (let i = 0; i < MAX_QUOTE_ITEMS; i++) {
      addToQuoteList({ productId: `p${i}`, name: `P${i}`, image: '', price: 1, minimumquantity: 1, avaialbequantit: 1 });
    }
    renderWithProviders(<AddToQuoteButton product={generator} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to quote: Diesel Generator 60 kVA' }));
    expect(await screen.findByText('A quote request lists at most 20 products: send this one first.')).toBeInTheDocument();
    expect(readQuoteList()).toHaveLength(MAX_QUOTE_ITEMS);
  });
});
