import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Company } from '@/types/api';
import { JoinCompany } from './join-company';
import { ManageCompanies } from './manage-companies';
import { MyCompany, validateLimit } from './my-company';

const quarry: Company = {
  _id: 'c1',
  name: 'Quarry Works Ltd',
  taxId: 'GB123456789',
  billingAddress: '1 Quarry Road, Leeds',
  status: 'approved',
  createdAt: '2026-11-01T10:00:00Z',
  role: 'admin',
  members: [
    { email: 'ann@quarry.test', role: 'admin', limit: null, joinedAt: '2026-11-01T10:00:00Z' },
    { email: 'bob@quarry.test', role: 'buyer', limit: 500, joinedAt: '2026-11-02T10:00:00Z' },
  ],
};
let companies: Company[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
  companies = [quarry];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: { _id: 'u1', email: 'ann@quarry.test', name: 'Ann' } }),
    'GET /companies': () => jsonResponse(companies, { headers: { 'X-Total-Count': String(companies.length) } }),
    'GET /companies/c1': () => jsonResponse(quarry),
    'GET /companies/c1/purchases': () => jsonResponse([], { headers: { 'X-Total-Count': '0' } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('MyCompany', () => {
  it('with no company, applies with the name, tax number and billing address', async () => {
    companies = [];
    const fake = api({ 'POST /companies': () => jsonResponse({ acknowledged: true, insertedId: 'c2' }, { status: 201 }) });
    renderWithProviders(<MyCompany />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Company name/ }), 'Quarry Works Ltd');
    await user.type(screen.getByRole('textbox', { name: /Tax or VAT number/ }), 'GB123456789');
    await user.type(screen.getByRole('textbox', { name: /Billing address/ }), '1 Quarry Road');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Your application was sent. We will check it shortly.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Quarry Works Ltd', taxId: 'GB123456789', billingAddress: '1 Quarry Road' });
  });

  it('while pending, says so', async () => {
    companies = [{ ...quarry, status: 'pending', members: undefined }];
    api();
    renderWithProviders(<MyCompany />);
    expect(await screen.findByText('Your application is waiting for an admin. You can invite colleagues once it is approved.')).toBeInTheDocument();
    expect(screen.getByTestId('company-status')).toHaveTextContent('Pending approval');
  });

  it('to its admin: the members, each editable but oneself, and the invitation', async () => {
    const fake = api({
      'POST /companies/c1/invitations': () => jsonResponse({ email: 'cat@quarry.test', role: 'approver', limit: 2500, expiresAt: '2026-12-01T10:00:00Z' }, { status: 201 }),
      'PATCH /companies/c1/members/bob@quarry.test': () => jsonResponse({ email: 'bob@quarry.test', role: 'approver', limit: null, joinedAt: '2026-11-02T10:00:00Z' }),
    });
    renderWithProviders(<MyCompany />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('company-name')).toHaveTextContent('Quarry Works Ltd');
    await screen.findByRole('button', { name: 'Remove bob@quarry.test' });
    const rows = screen.getAllByTestId('company-member');
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    const limit = within(rows[1]!).getByRole('textbox', { name: 'Limit per purchase of bob@quarry.test (USD)' });
    expect(limit).toHaveValue('500');
    await user.clear(limit);
    await user.click(within(rows[1]!).getByRole('button', { name: 'Save bob@quarry.test' }));
    expect(await screen.findByText('bob@quarry.test was updated')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'buyer', limit: null });

    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'cat@quarry.test');
    await user.type(screen.getByRole('textbox', { name: 'Limit per purchase (USD, optional)' }), '2500');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to cat@quarry.test')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/companies/c1/invitations')?.body).toEqual({ email: 'cat@quarry.test', role: 'buyer', limit: '2500' });
  });

  it('to a buyer: themselves, read only, and no invitation', async () => {
    const buyerView = { ...quarry, role: 'buyer' as const, members: [quarry.members![1]!] };
    api({ 'GET /auth/me': () => jsonResponse({ user: { _id: 'u2', email: 'bob@quarry.test', name: 'Bob' } }), 'GET /companies/c1': () => jsonResponse(buyerView) });
    companies = [buyerView];
    renderWithProviders(<MyCompany />);
    expect(await screen.findByText('$500')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('checks a limit: empty for none, or an amount above 0 with at most 2 decimals', () => {
    expect(validateLimit('')).toBe(true);
    expect(validateLimit('2500.50')).toBe(true);
    expect(validateLimit('0')).toBe('Enter an amount above 0 with at most 2 decimals, or leave it empty for no limit');
    expect(validateLimit('12.345')).toBe('Enter an amount above 0 with at most 2 decimals, or leave it empty for no limit');
  });
});

describe('ManageCompanies', () => {
  it('lists the pending applications and approves one', async () => {
    companies = [{ ...quarry, status: 'pending', role: undefined, members: undefined }];
    const fake = api({ 'PATCH /companies/c1': () => jsonResponse({ ...quarry, status: 'approved' }) });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<ManageCompanies />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve Quarry Works Ltd' }));
    expect(await screen.findByText('Quarry Works Ltd was approved')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path.startsWith('/companies'))?.path).toBe('/companies?status=pending&limit=100');
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'approved' });
  });

  it('says the company was approved though its card leaves the pending list before the aging report answers', async () => {
    companies = [{ ...quarry, status: 'pending', role: undefined, members: undefined }];
    let agingAsked = 0;
    api({
      'PATCH /companies/c1': () => {
        companies = [];
        return jsonResponse({ ...quarry, status: 'approved' });
      },
      // The aging report is the slow call: its second answer (after the approval) comes after the list's.
      'GET /admin/aging': async () => {
        if (++agingAsked > 1) await new Promise((resolve) => setTimeout(resolve, 300));
        return jsonResponse([]);
      },
    });
    renderWithProviders(<ManageCompanies />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve Quarry Works Ltd' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Quarry Works Ltd' })).not.toBeInTheDocument());
    expect(await screen.findByText('Quarry Works Ltd was approved')).toBeInTheDocument();
  });

  it('says the company was approved though its card left the pending list before the aging report answered', async () => {
    companies = [{ ...quarry, status: 'pending', role: undefined, members: undefined }];
    let agingAsked = 0;
    api({
      'PATCH /companies/c1': () => {
        companies = [];
        return jsonResponse({ ...quarry, status: 'approved' });
      },
      // The slow call (under load, in the browser test): its answer after the approval comes after the list's.
      'GET /admin/aging': async () => {
        if (++agingAsked > 1) await new Promise((resolve) => setTimeout(resolve, 300));
        return jsonResponse([]);
      },
    });
    renderWithProviders(<ManageCompanies />);
    const user = userEvent.setup();
    await screen.findByText('No company has payment terms yet.');
    await user.click(await screen.findByRole('button', { name: 'Approve Quarry Works Ltd' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Quarry Works Ltd' })).not.toBeInTheDocument());
    expect(await screen.findByText('Quarry Works Ltd was approved')).toBeInTheDocument();
  });

  it('sets an approved company’s price list: the lines as sent, the server’s refusal beside its field', async () => {
    companies = [{ ...quarry, role: undefined, priceList: { percentOff: 10, categories: [{ category: 'Pumps', percentOff: 20 }], products: [] } }];
    let refuse = true;
    const fake = api({
      'PATCH /companies/c1': () =>
        refuse
          ? problemResponse(400, 'The change is not valid.', { 'priceList.products[0].productId': 'is not a product of this store' })
          : jsonResponse(quarry),
    });
    renderWithProviders(<ManageCompanies />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    const form = await screen.findByRole('form', { name: 'Price list' });
    expect(within(form).getByLabelText('Percent off everything')).toHaveValue('10');
    expect(within(form).getByLabelText('Percent off by category')).toHaveValue('Pumps: 20');
    const fixed = within(form).getByLabelText('Fixed prices');
    await user.type(fixed, 'a pump');
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(within(form).getByText('“a pump” is not name: number')).toBeInTheDocument();
    await user.clear(fixed);
    await user.click(fixed);
    await user.paste('64b7f0c2a1b2c3d4e5f60001: 12.50');
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(await within(form).findByText('line 1: is not a product of this store')).toBeInTheDocument();
    refuse = false;
    await user.click(within(form).getByRole('checkbox', { name: 'Its purchases need a purchase order number' }));
    await user.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('The prices of Quarry Works Ltd were saved')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)[1]).toEqual({
      priceList: { percentOff: 10, categories: [{ category: 'Pumps', percentOff: 20 }], products: [{ productId: '64b7f0c2a1b2c3d4e5f60001', price: 12.5 }] },
      poRequired: true,
    });
  });
});

describe('JoinCompany', () => {
  it('accepts the invitation once and says which company was joined', async () => {
    const onUsed = vi.fn();
    api({ 'POST /invitations/accept': () => jsonResponse({ ...quarry, role: 'buyer' }) });
    renderWithProviders(<JoinCompany token="t0k" onUsed={onUsed} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByTestId('joined')).toHaveTextContent('You joined Quarry Works Ltd as Buyer.');
    await waitFor(() => expect(onUsed).toHaveBeenCalled());
  });

  it('shows the server’s reason when the link is spent', async () => {
    api({ 'POST /invitations/accept': () => problemResponse(400, 'This link has been used, has expired or is not valid. Please ask for a new one.') });
    renderWithProviders(<JoinCompany token="t0k" onUsed={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The invitation could not be accepted: This link has been used, has expired or is not valid. Please ask for a new one.');
  });
});
