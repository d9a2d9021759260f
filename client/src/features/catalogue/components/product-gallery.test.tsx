import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { renderWithProviders } from '@/testing/test-utils';
import { ProductDetails } from './product-details';

const pictures = ['https://example.com/a.jpg', 'https://example.com/b.jpg', 'https://example.com/c.jpg'];
const product = makeProduct({
  name: 'Hydraulic Press',
  image: pictures[0],
  images: pictures,
  sku: 'HP-200',
  category: 'Presses & Shears',
  specs: [
    { name: 'Force', value: '200', unit: 't' },
    { name: 'Frame', value: 'welded steel' },
  ],
});

describe('the product gallery', () => {
  it('opens at a thumbnail by keyboard, and the arrow keys and buttons move through the pictures', async () => {
    renderWithProviders(<ProductDetails product={product} />);
    const thumbnails = within(screen.getByRole('list', { name: 'Pictures' })).getAllByRole('button');
    expect(thumbnails.map((b) => b.getAttribute('aria-label'))).toEqual(['Show picture 1', 'Show picture 2', 'Show picture 3']);
    // Keyboard only: Tab to the second thumbnail, Enter.
    thumbnails[1]!.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Hydraulic Press' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Picture 2 of 3');
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Picture 3 of 3');
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Picture 1 of 3');
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Picture 3 of 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous picture' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Picture 2 of 3');
    const inDialog = within(within(dialog).getByRole('list', { name: 'Pictures' })).getAllByRole('button');
    expect(inDialog[1]).toHaveAttribute('aria-current', 'true');
    await userEvent.click(inDialog[0]!);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Picture 1 of 3');
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has no thumbnails for a product with one picture', () => {
    renderWithProviders(<ProductDetails product={makeProduct()} />);
    expect(screen.queryByRole('button', { name: 'Show picture 1' })).not.toBeInTheDocument();
  });

  it('shows the SKU, the category as a link to its page, and the specifications table', () => {
    renderWithProviders(<ProductDetails product={product} />);
    expect(screen.getByTestId('product-sku')).toHaveTextContent('HP-200');
    expect(screen.getByRole('link', { name: 'Presses & Shears' })).toHaveAttribute('href', '/products?category=Presses%20%26%20Shears');
    const table = within(screen.getByRole('region', { name: 'Specifications' })).getByRole('table');
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['SpecificationValue', 'Force200 t', 'Framewelded steel']);
  });

  it('has neither identifiers nor a table for a product without them', () => {
    renderWithProviders(<ProductDetails product={makeProduct()} />);
    expect(screen.queryByTestId('product-identifiers')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
