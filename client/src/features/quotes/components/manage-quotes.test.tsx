import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Quote } from '../api/get-quotes';
import { makeQuote, pricedQuote } from '../testing/make-quote';
import { dayAfter, ManageQuotes, validateValidUntil } from './manage-quotes';

let quotes: Quote[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  quotes = [makeQuote({ company: 'Foundry Ltd' })];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /quotes': () => jsonResponse(quotes, { headers: { 'X-Total-Count': String(quotes.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const card = () => within(screen.getByRole('article', { name: 'Quote #7' }));
const price = (product: string) => screen.getByRole('textbox', { name: `Unit price for ${product} ($)` });
const send = () => screen.getByRole('button', { name: 'Send quote #7' });

describe('ManageQuotes', () => {
  it('with no requests, says so', async () => {
    quotes = [];
    api();
    renderWithProviders(<ManageQuotes />);
    expect(await screen.findByText('No quote requests yet.')).toBeInTheDocument();
  });

  it('shows who asked, their company and message, and a pricing form with two weeks’ validity', async () => {
    api();
    renderWithProviders(<ManageQuotes />);
    expect(await screen.findByText('Ada Buyer · ada@example.com')).toBeInTheDocument();
    expect(card().getByText('Company: Foundry Ltd')).toBeInTheDocument();
    expect(card().getByText('For our new site in March.')).toBeInTheDocument();
    expect(card().getByRole('form', { name: 'Price this request' })).toBeInTheDocument();
    expect(price('MIG Welder 250A')).toHaveAccessibleDescription('40 pcs');
    expect(screen.getByLabelText(/^Valid until/)).toHaveValue(dayAfter(14));
  });

  it('shows each product’s list price beside its unit price, and the whole label (a long name wraps, it is not cut)', async () => {
    const longName = 'Tapered Roller Bearing 32310 J2/Q with a Very Long Catalogue Name';
    quotes = [
      makeQuote({
        items: [
          { productId: '64b7f0c2a1b2c3d4e5f60001', productName: longName, quantity: 300 },
          { productId: '64b7f0c2a1b2c3d4e5f60002', productName: 'MIG Welder 250A', quantity: 40 },
        ],
      }),
    ];
    const fake = api({
      // The first product's list price; the second is gone from the catalogue (404): no list price, the form still works.
      'GET /service/64b7f0c2a1b2c3d4e5f60001': () => jsonResponse(makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60001', name: longName, price: 1234.5 })),
    });
    renderWithProviders(<ManageQuotes />);
    const field = await screen.findByRole('textbox', { name: `Unit price for ${longName} ($)` });
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription('List price $1,234.50 per piece 300 pcs'));
    expect(fake.calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/service/64b7f0c2a1b2c3d4e5f60001', '/service/64b7f0c2a1b2c3d4e5f60002']));
    // The label is a block of its own above the field, whole, free to wrap: not MUI's one-line floating label, cut with an ellipsis.
    const label = screen.getByText(`Unit price for ${longName} ($)`);
    expect(label.tagName).toBe('LABEL');
    expect(label).toHaveAttribute('for', field.id);
    expect(label).not.toHaveClass('MuiInputLabel-root');
    expect(card().getByText('List price $1,234.50 per piece')).toBeVisible();
    expect(card().getAllByTestId('list-price')).toHaveLength(1);
    expect(price('MIG Welder 250A')).toHaveAccessibleDescription('40 pcs');

    // An error keeps the list price beside the field.
    await userEvent.click(send());
    expect(field).toHaveAccessibleDescription('List price $1,234.50 per piece Price is Required');
  });

  it('says what is wrong with the prices and the date, and sends nothing', async () => {
    const fake = api();
    renderWithProviders(<ManageQuotes />);
    await screen.findByText('Ada Buyer · ada@example.com');
    await userEvent.type(price('MIG Welder 250A'), '12.345');
    await userEvent.click(send());
    expect(price('Diesel Generator 60 kVA')).toHaveAccessibleDescription('Price is Required');
    expect(price('MIG Welder 250A')).toHaveAccessibleDescription('Enter a price in dollars, with at most 2 decimals');
    await userEvent.clear(price('MIG Welder 250A'));
    await userEvent.type(price('MIG Welder 250A'), '0');
    expect(price('MIG Welder 250A')).toHaveAccessibleDescription('The price must be above 0');
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('refuses a validity before today', () => {
    expect(validateValidUntil('', '2025-03-10')).toBe('Valid until is Required');
    expect(validateValidUntil('2025-03-09', '2025-03-10')).toBe('Choose today or a later date');
    expect(validateValidUntil('2025-03-10', '2025-03-10')).toBe(true);
  });

  it('sends every item’s price, the last day and the note; toasts and shows the priced quote', async () => {
    const fake = api({
      'PATCH /quotes/64b7f0c2a1b2c3d4e5f6b001': ({ body }) => {
        quotes = [pricedQuote({ validUntil: '2999-01-15', note: 'Delivery in 3 weeks.' })];
        return jsonResponse({ ...quotes[0], body });
      },
    });
    renderWithProviders(<ManageQuotes />);
    await screen.findByText('Ada Buyer · ada@example.com');
    await userEvent.type(price('Diesel Generator 60 kVA'), '14000');
    await userEvent.type(price('MIG Welder 250A'), '1250.50');
    const until = screen.getByLabelText(/^Valid until/);
    await userEvent.clear(until);
    await userEvent.type(until, '2999-01-15');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note to the customer (optional)' }), 'Delivery in 3 weeks.');
    await userEvent.click(send());
    expect(await screen.findByText('The quote is sent to the customer.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      items: [
        { productId: '64b7f0c2a1b2c3d4e5f60001', unitPrice: 14000 },
        { productId: '64b7f0c2a1b2c3d4e5f60002', unitPrice: 1250.5 },
      ],
      validUntil: '2999-01-15',
      note: 'Delivery in 3 weeks.',
      revision: 0,
    }); // (no freight: the field was left empty)
    expect(await card().findByText('Valid until Jan 15, 2999')).toBeInTheDocument();
    expect(card().queryByRole('form')).not.toBeInTheDocument();
    expect(card().getByTestId('order-subtotal')).toHaveTextContent('$78,020');
    expect(card().getByTestId('order-tax')).toHaveTextContent('$6,436.65');
    expect(card().getByTestId('order-total')).toHaveTextContent('$84,456.65');
  });

  it('prices a freight line with the items (issue 48): an amount or nothing, sent as `freight`; the quote shows it and the server’s figures with it', async () => {
    const fake = api({
      'PATCH /quotes/64b7f0c2a1b2c3d4e5f6b001': () => {
        const priced = pricedQuote({ validUntil: '2999-01-15' });
        // 78,020 + 1,200.50 freight, tax 8.25% of both
        quotes = [{ ...priced, freight: 1200.5, figures: { subtotal: 79220.5, shipping: 1200.5, tax: 6535.69, total: 85756.19, amount: 8575619 } }];
        return jsonResponse(quotes[0]);
      },
    });
    renderWithProviders(<ManageQuotes />);
    await screen.findByText('Ada Buyer · ada@example.com');
    await userEvent.type(price('Diesel Generator 60 kVA'), '14000');
    await userEvent.type(price('MIG Welder 250A'), '1250.50');
    const freight = screen.getByRole('textbox', { name: 'Freight (USD, before tax; empty for none)' });
    await userEvent.type(freight, '-5');
    await userEvent.click(send());
    expect(freight).toHaveAccessibleDescription('Enter an amount in dollars, 0 or more, with at most 2 decimals, or leave it empty');
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await userEvent.clear(freight);
    await userEvent.type(freight, '1200.50');
    await userEvent.click(send());
    expect(await screen.findByText('The quote is sent to the customer.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ freight: 1200.5, revision: 0 });
    const line = await card().findByTestId('quote-freight');
    expect(line).toHaveTextContent('Freight');
    expect(line).toHaveTextContent('$1,200.50');
    expect(card().getByTestId('order-subtotal')).toHaveTextContent('$79,220.50');
    expect(card().getByTestId('order-total')).toHaveTextContent('$85,756.19');
  });

  it('a refused price toasts the server’s reason', async () => {
    api({ 'PATCH /quotes/64b7f0c2a1b2c3d4e5f6b001': () => problemResponse(400, 'The prices are not valid.') });
    renderWithProviders(<ManageQuotes />);
    await screen.findByText('Ada Buyer · ada@example.com');
    await userEvent.type(price('Diesel Generator 60 kVA'), '1');
    await userEvent.type(price('MIG Welder 250A'), '2');
    await userEvent.click(send());
    expect(await screen.findByText('Failed to send the quote: The prices are not valid.')).toBeInTheDocument();
  });

  it('re-prices a sent quote: Re-price opens its form with the prices sent, and sends the revised ones', async () => {
    quotes = [pricedQuote()];
    const fake = api({
      'PATCH /quotes/64b7f0c2a1b2c3d4e5f6b001': ({ body }) => {
        quotes = [pricedQuote({ revision: 2, items: pricedQuote().items.map((item, i) => ({ ...item, unitPrice: i === 0 ? 13500 : 1250.5 })) })];
        return jsonResponse({ ...quotes[0], body });
      },
    });
    renderWithProviders(<ManageQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Re-price quote #7' }));
    expect(card().getByRole('heading', { name: 'Revise the prices' })).toBeInTheDocument();
    expect(price('Diesel Generator 60 kVA')).toHaveValue('14000');
    expect(price('MIG Welder 250A')).toHaveValue('1250.5');
    expect(screen.getByLabelText(/^Valid until/)).toHaveValue('2999-12-31');
    expect(screen.getByRole('textbox', { name: 'Note to the customer (optional)' })).toHaveValue('Delivery in 3 weeks.');
    await userEvent.clear(price('Diesel Generator 60 kVA'));
    await userEvent.type(price('Diesel Generator 60 kVA'), '13500');
    await userEvent.click(screen.getByRole('button', { name: 'Send revised prices for quote #7' }));
    expect(await screen.findByText('The revised prices are sent to the customer.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      items: [
        { productId: '64b7f0c2a1b2c3d4e5f60001', unitPrice: 13500 },
        { productId: '64b7f0c2a1b2c3d4e5f60002', unitPrice: 1250.5 },
      ],
      validUntil: '2999-12-31',
      note: 'Delivery in 3 weeks.',
      revision: 1,
    });
    expect(await card().findByText('$83,374.15')).toHaveAttribute('data-testid', 'order-total');
    expect(screen.queryByRole('button', { name: 'Send revised prices for quote #7' })).not.toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Re-price quote #7' })).toBeInTheDocument();
  });

  it('priced by another admin meanwhile (409): each value they set beside this admin’s; sent again from their revision once chosen', async () => {
    const fake = api({
      'PATCH /quotes/64b7f0c2a1b2c3d4e5f6b001': ({ body }) => {
        const { revision } = body as { revision: number };
        if (revision !== (quotes[0]!.revision ?? 0)) return problemResponse(409, 'The quote was priced by someone else while you were editing it.');
        quotes = [pricedQuote({ revision: revision + 1, items: pricedQuote().items.map((item, i) => ({ ...item, unitPrice: i === 0 ? 13800 : 1250.5 })) })];
        return jsonResponse(quotes[0]);
      },
    });
    renderWithProviders(<ManageQuotes />);
    await screen.findByText('Ada Buyer · ada@example.com');
    quotes = [pricedQuote()]; // the other admin's prices: $14,000 and $1,250.50, revision 1
    await userEvent.type(price('Diesel Generator 60 kVA'), '13800');
    await userEvent.type(price('MIG Welder 250A'), '1250.50');
    const until = screen.getByLabelText(/^Valid until/);
    await userEvent.clear(until);
    await userEvent.type(until, '2999-12-31');
    await userEvent.click(send());

    const diesel = within(await screen.findByTestId('conflict-price-0'));
    expect(quotes[0]!.items[0]!.unitPrice).toBe(14000); // not priced over
    expect(screen.queryByTestId('conflict-price-1')).not.toBeInTheDocument(); // the same price on both sides
    expect(screen.queryByTestId('conflict-validUntil')).not.toBeInTheDocument();
    const note = within(screen.getByTestId('conflict-note'));
    await userEvent.click(screen.getByRole('button', { name: 'Send revised prices for quote #7' }));
    expect(await screen.findByText('Choose yours or the saved value for each field that changed, then save again.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);

    await userEvent.click(diesel.getByRole('radio', { name: 'Keep mine: $13,800' }));
    await userEvent.click(note.getByRole('radio', { name: 'Take the saved one: Delivery in 3 weeks.' }));
    expect(screen.getByRole('textbox', { name: 'Note to the customer (optional)' })).toHaveValue('Delivery in 3 weeks.');
    await userEvent.click(screen.getByRole('button', { name: 'Send revised prices for quote #7' }));
    expect(await screen.findByText('The revised prices are sent to the customer.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
      items: [
        { productId: '64b7f0c2a1b2c3d4e5f60001', unitPrice: 13800 },
        { productId: '64b7f0c2a1b2c3d4e5f60002', unitPrice: 1250.5 },
      ],
      validUntil: '2999-12-31',
      note: 'Delivery in 3 weeks.',
      revision: 1,
    });
  });

  it('Keep the prices closes the re-price form and sends nothing', async () => {
    quotes = [pricedQuote()];
    const fake = api();
    renderWithProviders(<ManageQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Re-price quote #7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep the prices' }));
    expect(screen.queryByRole('heading', { name: 'Revise the prices' })).not.toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it.each(['accepted', 'declined'] as const)('a quote %s cannot be re-priced', async (status) => {
    quotes = [pricedQuote({ status })];
    api();
    renderWithProviders(<ManageQuotes />);
    await screen.findByText('Ada Buyer · ada@example.com');
    expect(screen.queryByRole('button', { name: 'Re-price quote #7' })).not.toBeInTheDocument();
  });

  it('declines a request after confirming', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    const fake = api({
      'POST /quotes/64b7f0c2a1b2c3d4e5f6b001/decline': () => {
        quotes = [makeQuote({ status: 'declined' })];
        return jsonResponse(quotes[0]);
      },
    });
    renderWithProviders(<ManageQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline quote #7' }));
    expect(await screen.findByText('The quote is declined.')).toBeInTheDocument();
    expect(await card().findByText('Declined')).toBeInTheDocument();
    expect(card().queryByRole('form')).not.toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
