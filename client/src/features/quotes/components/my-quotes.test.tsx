import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Quote } from '../api/get-quotes';
import { makeQuote, pricedQuote } from '../testing/make-quote';
import { MyQuotes } from './my-quotes';

let quotes: Quote[];
let profiles: { address: string }[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
  quotes = [pricedQuote()];
  profiles = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /quotes': () => jsonResponse(quotes, { headers: { 'X-Total-Count': String(quotes.length) } }),
    'GET /auth/me': () => jsonResponse({ user: { _id: 'u1', name: 'Quinn', email: 'quinn@example.com', role: 'user' } }),
    'GET /profile': () => jsonResponse(profiles),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const card = (n: number) => within(screen.getByRole('article', { name: `Quote #${n}` }));

describe('MyQuotes', () => {
  it('with no quotes, says so and links to the catalogue', async () => {
    quotes = [];
    api();
    renderWithProviders(<MyQuotes />);
    expect(await screen.findByText('You have not asked for a quote yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute('href', '/products');
  });

  it('shows a priced quote: items, unit prices, line totals, the server’s subtotal, tax and total, validity and note', async () => {
    const fake = api();
    renderWithProviders(<MyQuotes />);
    expect(await screen.findByText('1 quote')).toBeInTheDocument();
    const quote = card(7);
    expect(quote.getByText('Quoted')).toBeInTheDocument();
    // Each cell's value (the small column names shown while the items are blocks are aside, hidden from screen readers).
    const value = (cell: Element) =>
      Array.from(cell.childNodes)
        .filter((node) => !(node instanceof HTMLElement && node.getAttribute('aria-hidden') === 'true'))
        .map((node) => node.textContent)
        .join('');
    const lines = quote.getAllByTestId('quote-line').map((row) => Array.from(row.children).map(value));
    expect(lines).toEqual([
      ['Diesel Generator 60 kVA', '2 pcs', '$14,000', '$28,000'],
      ['MIG Welder 250A', '40 pcs', '$1,250.50', '$50,020'],
    ]);
    expect(Array.from(quote.getAllByTestId('quote-line')[1]!.querySelectorAll('.cell-label')).map((label) => [label.textContent, label.getAttribute('aria-hidden')])).toEqual([
      ['Quantity', 'true'],
      ['Unit price', 'true'],
      ['Total', 'true'],
    ]);
    expect(quote.getByTestId('order-subtotal')).toHaveTextContent('$78,020');
    expect(quote.getByTestId('order-tax')).toHaveTextContent('$6,436.65');
    expect(quote.getByTestId('order-total')).toHaveTextContent('$84,456.65');
    expect(quote.getByText('Valid until Dec 31, 2999')).toBeInTheDocument();
    expect(quote.getByText('Delivery in 3 weeks.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path.startsWith('/quotes'))).toMatchObject({ path: '/quotes?limit=20&skip=0', authorization: 'Bearer tok' });
  });

  it('a request not priced yet says so, and may only be declined', async () => {
    quotes = [makeQuote()];
    api();
    renderWithProviders(<MyQuotes />);
    expect(await screen.findByText('We are pricing this request; you will get an e-mail when it is ready.')).toBeInTheDocument();
    expect(card(7).getAllByText('Not priced yet')).toHaveLength(2);
    expect(card(7).queryByRole('button', { name: 'Accept quote #7' })).not.toBeInTheDocument();
    expect(card(7).getByRole('button', { name: 'Decline quote #7' })).toBeInTheDocument();
  });

  it('an expired quote cannot be accepted', async () => {
    quotes = [pricedQuote({ validUntil: '2020-01-31' })];
    api();
    renderWithProviders(<MyQuotes />);
    expect(await screen.findByText('Expired Jan 31, 2020')).toBeInTheDocument();
    expect(card(7).getByText('Expired')).toBeInTheDocument();
    expect(card(7).queryByRole('button', { name: /Accept|Decline/ })).not.toBeInTheDocument();
  });

  const dialog = () => within(screen.getByRole('dialog', { name: 'Accept quote #7' }));

  it('Accept shows what it charges (the server’s figures), asks where to deliver, places one purchase there and offers to pay it now', async () => {
    const fake = api({
      'POST /quotes/64b7f0c2a1b2c3d4e5f6b001/accept': () => {
        quotes = [pricedQuote({ status: 'accepted', orderIds: ['o1', 'o2'] })];
        return jsonResponse({ orderIds: ['o1', 'o2'], groupId: '64b7f0c2a1b2c3d4e5f6b001' });
      },
    });
    renderWithProviders(<MyQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept quote #7' }));
    expect(dialog().getByText('Accept this quote? It places one order of $84,456.65, tax included, for you to pay from My Orders.')).toBeInTheDocument();
    expect(dialog().getByTestId('order-tax')).toHaveTextContent('$6,436.65');
    expect(dialog().getByTestId('order-total')).toHaveTextContent('$84,456.65');
    expect(dialog().getByText('Where should we deliver the order?')).toBeInTheDocument();
    // Both are required, with the purchase form's messages.
    await userEvent.click(dialog().getByRole('button', { name: 'Confirm' }));
    expect(await dialog().findByText('Mobile is Required')).toBeInTheDocument();
    expect(dialog().getByText('Address is Required')).toBeInTheDocument();
    await userEvent.type(dialog().getByRole('textbox', { name: /^Mobile/ }), '12345');
    await userEvent.click(dialog().getByRole('button', { name: 'Confirm' }));
    expect(await dialog().findByText('Provide a valid mobile number')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(dialog().getByRole('textbox', { name: /^Mobile/ }));
    await userEvent.type(dialog().getByRole('textbox', { name: /^Mobile/ }), ' +1 (555) 014-2290 ');
    await userEvent.type(dialog().getByRole('textbox', { name: /^Address/ }), '42 Foundry Road, Leeds');
    await userEvent.click(dialog().getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The quote is accepted: your order is placed.')).toBeInTheDocument();
    expect(await card(7).findByText('Your order is placed. Pay for it now, or later from My Orders.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card(7).getByText('Accepted')).toBeInTheDocument();
    expect(card(7).getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/payment/64b7f0c2a1b2c3d4e5f6b001');
    expect(card(7).getByRole('link', { name: 'See the order in My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/quotes/64b7f0c2a1b2c3d4e5f6b001/accept', { address: '42 Foundry Road, Leeds', mobile: '+1 (555) 014-2290', revision: 1 }],
    ]);
  });

  it('a member whose company has terms may accept on account: the body says so, and nothing is to pay now (issue 45)', async () => {
    const fake = api({
      'GET /companies': () =>
        jsonResponse([{ _id: 'c1', name: 'Quarry Works Ltd', taxId: 'GB1', billingAddress: 'Leeds', status: 'approved', createdAt: '2026-11-01T10:00:00Z', role: 'buyer', termsDays: 30, creditLimit: 100000, committed: 0 }], {
          headers: { 'X-Total-Count': '1' },
        }),
      'POST /quotes/64b7f0c2a1b2c3d4e5f6b001/accept': () => {
        quotes = [pricedQuote({ status: 'accepted', orderIds: ['o1', 'o2'] })];
        return jsonResponse({ orderIds: ['o1', 'o2'], groupId: '64b7f0c2a1b2c3d4e5f6b001', awaitingApproval: false });
      },
    });
    renderWithProviders(<MyQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept quote #7' }));
    await userEvent.click(await dialog().findByRole('radio', { name: 'On account (Net 30)' }));
    expect(dialog().getByText('Invoiced to Quarry Works Ltd when it ships. Credit left: $100,000.')).toBeInTheDocument();
    await userEvent.type(dialog().getByRole('textbox', { name: /^Mobile/ }), '01712345678');
    await userEvent.type(dialog().getByRole('textbox', { name: /^Address/ }), '42 Foundry Road, Leeds');
    await userEvent.click(dialog().getByRole('button', { name: 'Confirm' }));
    expect(await card(7).findByText('It is on your company’s account: invoiced when it ships.')).toBeInTheDocument();
    expect(card(7).queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ address: '42 Foundry Road, Leeds', mobile: '01712345678', revision: 1, payment: 'account' });
  });

  it('the address comes from the profile when it has one', async () => {
    profiles = [{ address: '7 Mill Lane, York' }];
    const fake = api({ 'POST /quotes/64b7f0c2a1b2c3d4e5f6b001/accept': () => jsonResponse({ orderIds: ['o1', 'o2'], groupId: '64b7f0c2a1b2c3d4e5f6b001' }) });
    renderWithProviders(<MyQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept quote #7' }));
    await waitFor(() => expect(dialog().getByRole('textbox', { name: /^Address/ })).toHaveValue('7 Mill Lane, York'));
    expect(fake.calls.find((c) => c.path.startsWith('/profile'))?.path).toBe('/profile?email=quinn%40example.com');
    await userEvent.type(dialog().getByRole('textbox', { name: /^Mobile/ }), '01712345678');
    await userEvent.click(dialog().getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The quote is accepted: your order is placed.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ address: '7 Mill Lane, York', mobile: '01712345678', revision: 1 });
  });

  it('accepts the revision it showed: re-priced meanwhile, the refusal is told and the new prices shown', async () => {
    profiles = [{ address: '7 Mill Lane, York' }];
    const fake = api({
      'POST /quotes/64b7f0c2a1b2c3d4e5f6b001/accept': () => {
        // The admin revised the prices after the list was loaded.
        quotes = [pricedQuote({ revision: 2, items: pricedQuote().items.map((item) => ({ ...item, unitPrice: 1000 })) })];
        return problemResponse(409, 'The prices of this quote were revised since you opened it. Please check the new prices, then accept again.');
      },
    });
    renderWithProviders(<MyQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept quote #7' }));
    await waitFor(() => expect(dialog().getByRole('textbox', { name: /^Address/ })).toHaveValue('7 Mill Lane, York'));
    await userEvent.type(dialog().getByRole('textbox', { name: /^Mobile/ }), '01712345678');
    await userEvent.click(dialog().getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Failed to accept the quote: The prices of this quote were revised since you opened it. Please check the new prices, then accept again.'),
    ).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ address: '7 Mill Lane, York', mobile: '01712345678', revision: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await card(7).findByText('$42,000')).toBeInTheDocument();
  });

  it('Cancel closes the dialog and sends nothing', async () => {
    const fake = api();
    renderWithProviders(<MyQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept quote #7' }));
    await userEvent.type(dialog().getByRole('textbox', { name: /^Mobile/ }), '01712345678');
    await userEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(card(7).getByText('Quoted')).toBeInTheDocument();
  });

  it('a refused accept toasts the server’s reason', async () => {
    api({ 'POST /quotes/64b7f0c2a1b2c3d4e5f6b001/accept': () => problemResponse(409, 'The quote has already been accepted.') });
    renderWithProviders(<MyQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept quote #7' }));
    await userEvent.type(dialog().getByRole('textbox', { name: /^Mobile/ }), '01712345678');
    await userEvent.type(dialog().getByRole('textbox', { name: /^Address/ }), '42 Foundry Road');
    await userEvent.click(dialog().getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to accept the quote: The quote has already been accepted.')).toBeInTheDocument();
  });

  it('the server’s field errors show under the fields, and the dialog stays open', async () => {
    api({
      'POST /quotes/64b7f0c2a1b2c3d4e5f6b001/accept': () =>
        problemResponse(400, 'The delivery details are not valid.', { mobile: 'must be a phone number' }),
    });
    renderWithProviders(<MyQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept quote #7' }));
    await userEvent.type(dialog().getByRole('textbox', { name: /^Mobile/ }), '01712345678');
    await userEvent.type(dialog().getByRole('textbox', { name: /^Address/ }), '42 Foundry Road');
    await userEvent.click(dialog().getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to accept the quote: The delivery details are not valid.')).toBeInTheDocument();
    expect(dialog().getByText('Mobile: must be a phone number')).toBeInTheDocument();
  });

  it('Decline confirms, declines and toasts; cancelling sends nothing', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      'POST /quotes/64b7f0c2a1b2c3d4e5f6b001/decline': () => {
        quotes = [pricedQuote({ status: 'declined' })];
        return jsonResponse(quotes[0]);
      },
    });
    renderWithProviders(<MyQuotes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline quote #7' }));
    expect(confirm).toHaveBeenCalledWith('Decline this quote? This cannot be undone.');
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Decline quote #7' }));
    expect(await screen.findByText('The quote is declined.')).toBeInTheDocument();
    expect(await card(7).findByText('Declined')).toBeInTheDocument();
    expect(card(7).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a failed load says so and retries', async () => {
    let fail = true;
    api({ 'GET /quotes': () => (fail ? problemResponse(500, 'boom') : jsonResponse([], { headers: { 'X-Total-Count': '0' } })) });
    renderWithProviders(<MyQuotes />);
    expect(await screen.findByText('We could not load the quotes right now.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not asked for a quote yet.')).toBeInTheDocument();
  });

  it('pages through more than 20 quotes', async () => {
    const fake = api({
      'GET /quotes': ({ url }) => {
        const skip = Number(url.searchParams.get('skip'));
        return jsonResponse([makeQuote({ _id: `q${skip}`, number: 100 - skip })], { headers: { 'X-Total-Count': '25' } });
      },
    });
    renderWithProviders(<MyQuotes />);
    expect(await screen.findByText('25 quotes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('article', { name: 'Quote #80' })).toBeInTheDocument();
    expect(fake.calls.map((c) => c.path)).toContain('/quotes?limit=20&skip=20');
  });
});
