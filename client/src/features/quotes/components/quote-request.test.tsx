import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { addToQuoteList, readQuoteList } from '../utils/quote-list';
import { QuoteRequest } from './quote-request';

const customer = { _id: 'u1', email: 'ada@example.com', name: 'Ada Buyer' };
const generator = makeProduct();
const welder = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60002', name: 'MIG Welder 250A', price: 1299, avaialbequantit: 30, minimumquantity: 5 });

const listItem = (p: ReturnType<typeof makeProduct>) => ({
  productId: p._id,
  name: p.name,
  image: p.image,
  price: p.price,
  minimumquantity: p.minimumquantity,
  avaialbequantit: p.avaialbequantit,
});

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: customer }),
    'POST /quotes': () => jsonResponse({ acknowledged: true, insertedId: '64b7f0c2a1b2c3d4e5f6b001', number: 7 }, { status: 201 }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const quantity = (name: string) => screen.getByRole('textbox', { name: `Quantity: ${name}` });
const message = () => screen.getByRole('textbox', { name: /^Message/ });
const submit = () => screen.getByRole('button', { name: 'Send quote request' });

describe('QuoteRequest', () => {
  it('an empty list says so and links to the catalogue', async () => {
    api();
    renderWithProviders(<QuoteRequest />);
    expect(screen.getByText('Your quote list is empty.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Browse products' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products');
  });

  it('lists the products at their minimum order, with the minimum and the stock', () => {
    api();
    addToQuoteList(listItem(generator));
    addToQuoteList(listItem(welder));
    renderWithProviders(<QuoteRequest />);
    const items = within(screen.getByRole('list', { name: 'Products in the quote list' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(quantity('Diesel Generator 60 kVA')).toHaveValue('2');
    expect(quantity('MIG Welder 250A')).toHaveValue('5');
    expect(quantity('MIG Welder 250A')).toHaveAccessibleDescription('Minimum order 5 pcs · 30 in stock');
    expect(screen.getByText('List price $1,299 per piece')).toBeInTheDocument();
  });

  it('allows fewer than the minimum and more than the stock, and says so', async () => {
    api();
    addToQuoteList(listItem(welder));
    renderWithProviders(<QuoteRequest />);
    await userEvent.clear(quantity('MIG Welder 250A'));
    await userEvent.type(quantity('MIG Welder 250A'), '2');
    expect(quantity('MIG Welder 250A')).toHaveAccessibleDescription(
      'Minimum order 5 pcs · 30 in stock Below the minimum order of 5 pcs: we price it on request.',
    );
    await userEvent.clear(quantity('MIG Welder 250A'));
    await userEvent.type(quantity('MIG Welder 250A'), '45');
    expect(quantity('MIG Welder 250A')).toHaveAccessibleDescription(
      'Minimum order 5 pcs · 30 in stock More than the 30 in stock: we tell you when we can deliver.',
    );
    // Kept in the list as typed.
    expect(readQuoteList()[0]?.quantity).toBe(45);
  });

  it('says what is wrong with a quantity and the message, and sends nothing', async () => {
    const fake = api();
    addToQuoteList(listItem(generator));
    renderWithProviders(<QuoteRequest />);
    await userEvent.clear(quantity('Diesel Generator 60 kVA'));
    await userEvent.click(submit());
    expect(quantity('Diesel Generator 60 kVA')).toHaveAccessibleDescription('Quantity is Required');
    expect(message()).toHaveAccessibleDescription('Message is Required');
    await userEvent.type(quantity('Diesel Generator 60 kVA'), '2.5');
    expect(quantity('Diesel Generator 60 kVA')).toHaveAccessibleDescription('Enter a whole number of pieces');
    await userEvent.clear(quantity('Diesel Generator 60 kVA'));
    await userEvent.type(quantity('Diesel Generator 60 kVA'), '0');
    expect(quantity('Diesel Generator 60 kVA')).toHaveAccessibleDescription('Ask for at least 1 pc');
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('removes a product from the list', async () => {
    api();
    addToQuoteList(listItem(generator));
    addToQuoteList(listItem(welder));
    renderWithProviders(<QuoteRequest />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Diesel Generator 60 kVA from the quote list' }));
    expect(screen.queryByRole('textbox', { name: 'Quantity: Diesel Generator 60 kVA' })).not.toBeInTheDocument();
    expect(readQuoteList().map((i) => i.name)).toEqual(['MIG Welder 250A']);
  });

  it('sends the items, the message and the company; toasts, empties the list and links to My Quotes', async () => {
    const fake = api();
    addToQuoteList(listItem(generator));
    addToQuoteList(listItem(welder));
    renderWithProviders(<QuoteRequest />);
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Buyer'));
    await userEvent.clear(quantity('MIG Welder 250A'));
    await userEvent.type(quantity('MIG Welder 250A'), '3');
    await userEvent.click(screen.getByRole('textbox', { name: 'Company (optional)' }));
    await userEvent.paste(' Foundry Ltd ');
    await userEvent.click(message());
    await userEvent.paste(' For our new site. ');
    await userEvent.click(submit());
    expect(await screen.findByText('Quote request #7 is sent.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({
      items: [
        { productId: generator._id, quantity: 2 },
        { productId: welder._id, quantity: 3 },
      ],
      message: 'For our new site.',
      company: 'Foundry Ltd',
    });
    expect(await screen.findByText('Your quote request is sent.')).toBeInTheDocument();
    expect(readQuoteList()).toEqual([]);
    expect(screen.getByRole('link', { name: 'My Quotes' })).toHaveAttribute('href', '/dashboard/myquotes');
  });

  it('a refused request shows the server’s reason under the field and in a toast, and keeps the list', async () => {
    api({ 'POST /quotes': () => problemResponse(400, 'The quote request is not valid.', { message: 'is too long' }) });
    addToQuoteList(listItem(generator));
    renderWithProviders(<QuoteRequest />);
    await userEvent.type(message(), 'Hello');
    await userEvent.click(submit());
    expect(await screen.findByText('Failed to send the quote request: The quote request is not valid.')).toBeInTheDocument();
    expect(message()).toHaveAccessibleDescription('Message is too long');
    expect(readQuoteList()).toHaveLength(1);
  });
});
