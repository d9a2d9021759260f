import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Claim } from '../api/get-claims';
import { ManageClaims } from './manage-claims';
import { MyClaims } from './my-claims';

const open: Claim = {
  _id: 'c1',
  number: 3,
  orderId: 'o1',
  orderNumber: 1001,
  productName: 'MIG Welder 250A',
  quantity: 2,
  email: 'ada@example.com',
  name: 'Ada Buyer',
  reason: 'The wire feed stops.',
  images: ['http://localhost:5000/images/p1'],
  status: 'requested',
  createdAt: '2025-04-01T10:00:00Z',
};
let claims: Claim[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
  claims = [open];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /claims': () => jsonResponse(claims, { headers: { 'X-Total-Count': String(claims.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const card = () => within(screen.getByRole('article', { name: 'Claim #3' }));

describe('MyClaims', () => {
  it('with no claims, says so and links to My Orders', async () => {
    claims = [];
    api();
    renderWithProviders(<MyClaims />);
    expect(await screen.findByText('You have not claimed a replacement. Claim one on a shipped order in My Orders.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
  });

  it('shows each claim: product and order, status, reason, photos, and the decision', async () => {
    claims = [{ ...open, status: 'approved', note: 'Sent today.', decidedAt: '2025-04-02T10:00:00Z' }];
    api();
    renderWithProviders(<MyClaims />);
    expect(await screen.findByText('1 claim')).toBeInTheDocument();
    expect(card().getByText('MIG Welder 250A, order #1001')).toBeInTheDocument();
    expect(card().getByText('Approved')).toBeInTheDocument();
    expect(card().getByText('The wire feed stops.')).toBeInTheDocument();
    expect(card().getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'http://localhost:5000/images/p1');
    expect(card().getByText('A replacement order is placed: it ships free of charge.')).toBeInTheDocument();
    expect(card().getByText('Sent today.')).toBeInTheDocument();
    expect(card().getByText('Decided Apr 2, 2025')).toBeInTheDocument();
    expect(card().queryByRole('button')).not.toBeInTheDocument();
  });

  it('a failed load says so', async () => {
    api({ 'GET /claims': () => problemResponse(500, 'boom') });
    renderWithProviders(<MyClaims />);
    expect(await screen.findByText('We could not load the claims right now.')).toBeInTheDocument();
  });
});

describe('ManageClaims', () => {
  it('with no claims, says so', async () => {
    claims = [];
    api();
    renderWithProviders(<ManageClaims />);
    expect(await screen.findByText('No replacement claims yet.')).toBeInTheDocument();
  });

  it('approves an open claim with a note, after confirming; the decided claim has no buttons', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      'PATCH /claims/c1': () => {
        claims = [{ ...open, status: 'approved', note: 'Replacement on its way.' }];
        return jsonResponse(claims[0]);
      },
    });
    renderWithProviders(<ManageClaims />);
    expect(await screen.findByText('From ada@example.com')).toBeInTheDocument();
    await userEvent.type(card().getByRole('textbox', { name: 'Note to the customer (optional)' }), 'Replacement on its way.');
    // Issue 49: 2 pieces claimed, 1 approved.
    expect(card().getByText('2 pcs claimed')).toBeInTheDocument();
    const pieces = card().getByRole('spinbutton', { name: 'Pieces to replace, claim #3' });
    expect(pieces).toHaveValue(2);
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '1');
    await userEvent.click(card().getByRole('button', { name: 'Approve claim #3' }));
    expect(confirm).toHaveBeenCalledWith('Approve this claim? It places a free replacement order.');
    expect(await screen.findByText('The claim is approved: a replacement order is placed.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'approved', note: 'Replacement on its way.', quantity: 1 });
    expect(await card().findByText('Approved')).toBeInTheDocument();
    expect(card().queryByRole('button')).not.toBeInTheDocument();
  });

  it('rejects without a note', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    const fake = api({ 'PATCH /claims/c1': () => jsonResponse({ ...open, status: 'rejected' }) });
    renderWithProviders(<ManageClaims />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject claim #3' }));
    expect(await screen.findByText('The claim is rejected.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'rejected' });
  });

  it('a refused approval (stock short) toasts the server’s reason', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api({ 'PATCH /claims/c1': () => problemResponse(409, 'Only 0 of MIG Welder 250A left in stock: the replacement cannot be sent yet.') });
    renderWithProviders(<ManageClaims />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve claim #3' }));
    expect(
      await screen.findByText('Failed to decide the claim: Only 0 of MIG Welder 250A left in stock: the replacement cannot be sent yet.'),
    ).toBeInTheDocument();
  });

  it('cancelling the confirmation sends nothing', async () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    const fake = api();
    renderWithProviders(<ManageClaims />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject claim #3' }));
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });
});
