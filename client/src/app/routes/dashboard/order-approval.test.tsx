import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderAtRoute } from '@/testing/test-utils';
import type { Purchase } from '@/types/api';
import OrderPage from './order';

const waiting: Purchase = {
  _id: 'g1',
  number: 1042,
  email: 'bob@quarry.test',
  orderIds: ['o1'],
  orders: [
    {
      _id: 'o1', number: 1042, name: 'Bob', email: 'bob@quarry.test', image: 'https://shop.test/images/drill.jpg', productId: 'p1', productName: 'Core Drill', productPrice: 200,
      productQuantity: 3, amount: 60000, address: '1 Quarry Road', mobile: '+44 113 496 0000', pending: true, shipped: false, paid: false,
      transactionId: '', createdAt: '2026-11-27T09:00:00Z',
    },
  ],
  total: 600,
  tax: 0,
  paid: false,
  shipped: false,
  amount: 60000,
  status: 'unpaid',
  state: 'awaiting_approval',
  payable: false,
  awaitingApproval: true,
  companyId: 'c1',
  createdAt: '2026-11-27T09:00:00Z',
};

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAs(email: string, role: 'buyer' | 'approver', purchase: Purchase = waiting) {
  const api = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: { _id: 'u1', email, name: 'Someone', role: '', provider: 'password', createdAt: '' } }),
    [`GET /admin/${email}`]: () => jsonResponse({ admin: false }),
    'GET /groups/g1': () => jsonResponse(purchase),
    'GET /claims': () => jsonResponse([], { headers: { 'X-Total-Count': '0' } }),
    'GET /companies': () =>
      jsonResponse([{ _id: 'c1', name: 'Quarry Works Ltd', taxId: 'GB1', billingAddress: 'Leeds', status: 'approved', createdAt: '2026-11-01T10:00:00Z', role }], {
        headers: { 'X-Total-Count': '1' },
      }),
  });
  vi.stubGlobal('fetch', api.fetch);
  renderAtRoute('/dashboard/order/:id', <OrderPage />, { route: '/dashboard/order/g1' });
}

describe('OrderPage awaiting approval (issue 45)', () => {
  it('tells its buyer it awaits the company, with no Pay', async () => {
    renderAs('bob@quarry.test', 'buyer');
    const box = await screen.findByTestId('awaiting-approval');
    expect(box).toHaveTextContent(
      "Awaiting your company's approval: this purchase is above your limit per purchase. Its stock is held; we e-mail you once an approver decides. Then you can pay for it.",
    );
    expect(within(box).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('gives an approver of the company Approve and Decline, and no Cancel', async () => {
    renderAs('val@quarry.test', 'approver');
    const box = await screen.findByTestId('awaiting-approval');
    expect(box).toHaveTextContent('This purchase by bob@quarry.test is above their limit per purchase and awaits an approver of your company.');
    expect(await within(box).findByRole('button', { name: 'Approve order #1042' })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Decline order #1042' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('approved on account: says it is on the company’s account, invoiced when it ships, with no Pay', async () => {
    renderAs('bob@quarry.test', 'buyer', { ...waiting, state: 'on_account', awaitingApproval: undefined, payment: 'account' });
    const box = await screen.findByTestId('on-account');
    expect(within(box).getByRole('heading', { name: 'On account' })).toBeInTheDocument();
    expect(box).toHaveTextContent('It is on your company’s account: invoiced when it ships.');
    expect(screen.queryByTestId('awaiting-approval')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Pay for order/ })).not.toBeInTheDocument();
  });
});
