import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Company, Purchase } from '@/types/api';
import { MyCompany } from './my-company';

const quarry: Company = {
  _id: 'c1',
  name: 'Quarry Works Ltd',
  taxId: 'GB123456789',
  billingAddress: '1 Quarry Road, Leeds',
  status: 'approved',
  createdAt: '2026-11-01T10:00:00Z',
  role: 'approver',
  members: [{ email: 'val@quarry.test', role: 'approver', limit: null, joinedAt: '2026-11-01T10:00:00Z' }],
};

const waiting: Purchase = {
  _id: 'g1',
  number: 1042,
  email: 'bob@quarry.test',
  orderIds: ['o1'],
  orders: [
    {
      _id: 'o1', number: 1042, name: 'Bob', email: 'bob@quarry.test', image: '', productId: 'p1', productName: 'Core Drill', productPrice: 200,
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

let role: Company['role'];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
  role = 'approver';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: { _id: 'u1', email: 'val@quarry.test', name: 'Val' } }),
    'GET /companies': () => jsonResponse([{ ...quarry, role }], { headers: { 'X-Total-Count': '1' } }),
    'GET /companies/c1': () => jsonResponse({ ...quarry, role }),
    'GET /companies/c1/purchases': ({ url }) =>
      url.searchParams.get('awaitingApproval') === 'true'
        ? jsonResponse([waiting], { headers: { 'X-Total-Count': '1' } })
        : jsonResponse([{ ...waiting, _id: 'g2', number: 1040, state: 'paid', awaitingApproval: undefined, paid: true }], { headers: { 'X-Total-Count': '1' } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('To approve (issue 45)', () => {
  it("lists an approver's purchases awaiting approval, and approves one", async () => {
    const fake = api({ 'POST /groups/g1/approve': () => jsonResponse({ ...waiting, state: 'placed', payable: true, awaitingApproval: undefined }) });
    renderWithProviders(<MyCompany />);
    const user = userEvent.setup();
    const section = await screen.findByTestId('to-approve');
    expect(within(section).getByRole('heading', { name: 'To approve' })).toBeInTheDocument();
    expect(await within(section).findByText('By bob@quarry.test')).toBeInTheDocument();
    expect(within(section).getByTestId('company-purchase-state')).toHaveTextContent('Awaiting approval');
    // an approver does not get the company's every purchase (its admins do)
    expect(screen.queryByTestId('company-purchases')).not.toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/companies/c1/purchases?awaitingApproval=true&limit=20&skip=0')).toBe(true);
    await user.click(within(section).getByRole('button', { name: 'Approve order #1042' }));
    expect(await screen.findByText('Order #1042 is approved; its buyer is e-mailed and can pay now.')).toBeInTheDocument();
  });

  it('approves one on the company’s account: the toast says it is on account, not that the buyer can pay', async () => {
    const onAccount = { ...waiting, payment: 'account' as const };
    api({
      'GET /companies/c1/purchases': () => jsonResponse([onAccount], { headers: { 'X-Total-Count': '1' } }),
      'POST /groups/g1/approve': () => jsonResponse({ ...onAccount, state: 'on_account', payable: false, awaitingApproval: undefined }),
    });
    renderWithProviders(<MyCompany />);
    const user = userEvent.setup();
    const section = await screen.findByTestId('to-approve');
    await user.click(await within(section).findByRole('button', { name: 'Approve order #1042' }));
    expect(await screen.findByText('Order #1042 is approved and on the company’s account (invoiced when it ships); its buyer is e-mailed.')).toBeInTheDocument();
  });

  it('declines with a reason (required), and shows the refusal of one decided meanwhile', async () => {
    let answer = () => problemResponse(409, 'This purchase does not wait for approval (it was approved, declined or cancelled).');
    const fake = api({ 'POST /groups/g1/decline': () => answer() });
    renderWithProviders(<MyCompany />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline order #1042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline order #1042' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline the purchase' }));
    expect(await within(dialog).findByText('Give the buyer a reason.')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Over budget.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline the purchase' }));
    expect(
      await screen.findByText('The purchase was not declined: This purchase does not wait for approval (it was approved, declined or cancelled).'),
    ).toBeInTheDocument();
    answer = () => jsonResponse({ acknowledged: true, deletedCount: 1 });
    await user.click(within(dialog).getByRole('button', { name: 'Decline the purchase' }));
    expect(await screen.findByText("Order #1042 is declined and cancelled; its buyer is e-mailed your reason.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ reason: 'Over budget.' });
  });

  it("to a company admin: the company's every purchase as well", async () => {
    role = 'admin';
    api();
    renderWithProviders(<MyCompany />);
    const all = await screen.findByTestId('company-purchases');
    expect(within(all).getByRole('heading', { name: "The company's purchases" })).toBeInTheDocument();
    expect(await within(all).findByText('#1040')).toBeInTheDocument();
    expect(within(all).getByTestId('company-purchase-state')).toHaveTextContent('Paid');
    expect(within(all).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('to-approve')).toBeInTheDocument();
  });
});
