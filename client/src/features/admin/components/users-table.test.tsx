import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/types/api';
import { UsersTable } from './users-table';

const me: User = { _id: 'a1', email: 'ann@example.com', name: 'Ann Admin', role: 'admin', provider: 'password', createdAt: '' };
const bob: User = { _id: 'b2', email: 'bob@example.com', name: 'Bob Buyer', role: '', provider: 'password', createdAt: '' };
const cid: User = { _id: 'c3', email: 'cid@example.com', name: 'Cid Chief', role: 'admin', provider: 'google', createdAt: '' };

let users: User[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  users = [me, bob, cid];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: me }),
    'GET /user': () => jsonResponse(users, { headers: { 'X-Total-Count': String(users.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

/** Answers the app's confirmation dialog with `button` and returns the question it asked. */
async function answerDialog(button: string): Promise<string> {
  const element = await screen.findByRole('dialog');
  const dialog = within(element);
  const question = document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
  await userEvent.click(dialog.getByRole('button', { name: button }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return question;
}

const row = (email: string) => within(screen.getByText(email).closest('tr')!);
const userListCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/user')).length;

describe('UsersTable (Make Admin)', () => {
  it('lists every account with its name, email and role', async () => {
    const fake = api();
    renderWithProviders(<UsersTable />);
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(row('bob@example.com').getByText('Bob Buyer')).toBeInTheDocument();
    expect(row('bob@example.com').getByText('Customer')).toBeInTheDocument();
    expect(row('cid@example.com').getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText('3 accounts')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path.startsWith('/user'))).toMatchObject({ path: '/user?limit=50&skip=0', authorization: 'Bearer admin-token' });
  });

  it('offers Make Admin only to customers, and no Remove on the admin’s own row', async () => {
    api();
    renderWithProviders(<UsersTable />);
    await screen.findByText('bob@example.com');
    expect(row('bob@example.com').getByRole('button', { name: 'Make Admin: bob@example.com' })).toBeInTheDocument();
    expect(row('cid@example.com').queryByRole('button', { name: /Make Admin/ })).not.toBeInTheDocument();
    expect(row('cid@example.com').getByRole('button', { name: 'Remove: cid@example.com' })).toBeInTheDocument();
    await vi.waitFor(() => expect(row('ann@example.com').getByText('You')).toBeInTheDocument());
    expect(row('ann@example.com').queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('Make Admin: asks first in the app’s dialog (not the browser’s confirm), toasts Successfully made an admin and reloads the list', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      'PUT /user/admin/bob@example.com': () => {
        users = users.map((u) => (u.email === 'bob@example.com' ? { ...u, role: 'admin' } : u));
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      },
    });
    renderWithProviders(<UsersTable />);
    await screen.findByText('bob@example.com');
    expect(userListCalls(fake.calls)).toBe(1);

    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Make Admin: bob@example.com' }));
    expect(screen.getByRole('dialog', { name: 'Make this account an admin?' })).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(await answerDialog('Make Admin')).toContain('Make bob@example.com an admin?');
    expect(confirm).not.toHaveBeenCalled();
    expect(await screen.findByText('Successfully made an admin')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/user/admin/bob%40example.com' });
    await vi.waitFor(() => expect(userListCalls(fake.calls)).toBe(2));
    await vi.waitFor(() => expect(row('bob@example.com').queryByRole('button', { name: /Make Admin/ })).not.toBeInTheDocument());
    expect(row('bob@example.com').getByText('Admin')).toBeInTheDocument();
  });

  it('Make Admin: nothing happens when the admin cancels the dialog', async () => {
    const fake = api();
    renderWithProviders(<UsersTable />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Make Admin: bob@example.com' }));
    await answerDialog('Cancel');
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(row('bob@example.com').getByText('Customer')).toBeInTheDocument();
  });

  it('Make Admin: says the account was an admin already when nothing changed (modifiedCount 0)', async () => {
    const fake = api({ 'PUT /user/admin/bob@example.com': () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 0 }) });
    renderWithProviders(<UsersTable />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Make Admin: bob@example.com' }));
    await answerDialog('Make Admin');
    // The answer has been handled once the list is read again (the same
    // onSuccess that would toast): no toast by then.
    expect(await screen.findByText('This account was already an admin.')).toBeInTheDocument();
    await vi.waitFor(() => expect(userListCalls(fake.calls)).toBe(2));
    expect(screen.queryByText('Successfully made an admin')).not.toBeInTheDocument();
  });

  it('Make Admin refused (403): toasts Failed to Make an admin', async () => {
    api({ 'PUT /user/admin/bob@example.com': () => problemResponse(403, 'Only an admin may do this.') });
    renderWithProviders(<UsersTable />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Make Admin: bob@example.com' }));
    await answerDialog('Make Admin');
    expect(await screen.findByText('Failed to Make an admin: Only an admin may do this.')).toBeInTheDocument();
    expect(screen.queryByText('Successfully made an admin')).not.toBeInTheDocument();
  });

  it('Remove: asks the spec’s question, deletes by id and reloads the list', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      'DELETE /user/b2': () => {
        users = users.filter((u) => u._id !== 'b2');
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderWithProviders(<UsersTable />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Remove: bob@example.com' }));
    expect(confirm).toHaveBeenCalledWith('Are You sure Want to delete this product?');
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/user/b2', authorization: 'Bearer admin-token' });
    await vi.waitFor(() => expect(screen.queryByText('bob@example.com')).not.toBeInTheDocument());
    expect(userListCalls(fake.calls)).toBe(2);
    expect(await screen.findByText('The account was removed.')).toBeInTheDocument();
  });

  it('Remove of an account another admin removed first (deletedCount 0) says it was already deleted', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api({ 'DELETE /user/b2': () => jsonResponse({ acknowledged: true, deletedCount: 0 }) });
    renderWithProviders(<UsersTable />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Remove: bob@example.com' }));
    expect(await screen.findByText('This account was already deleted.')).toBeInTheDocument();
    expect(screen.queryByText('The account was removed.')).not.toBeInTheDocument();
  });

  it('Remove: nothing happens when the admin cancels', async () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    const fake = api();
    renderWithProviders(<UsersTable />);
    await screen.findByText('bob@example.com');
    await userEvent.click(row('bob@example.com').getByRole('button', { name: 'Remove: bob@example.com' }));
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('Remove refused (409): shows the server’s reason', async () => {
    vi.stubGlobal('confirm', vi.fn(() => true));
    api({ 'DELETE /user/c3': () => problemResponse(409, 'You cannot remove your own account.') });
    renderWithProviders(<UsersTable />);
    await screen.findByText('cid@example.com');
    await userEvent.click(row('cid@example.com').getByRole('button', { name: 'Remove: cid@example.com' }));
    expect(await screen.findByText('You cannot remove your own account.')).toBeInTheDocument();
  });

  it('Make Customer: offered for other admins only; asks first, then returns the admin to customer', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      'PUT /user/customer/cid@example.com': () => {
        users = users.map((u) => (u.email === 'cid@example.com' ? { ...u, role: '' } : u));
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      },
    });
    renderWithProviders(<UsersTable />);
    await screen.findByText('cid@example.com');
    await vi.waitFor(() => expect(row('ann@example.com').getByText('You')).toBeInTheDocument());
    expect(row('ann@example.com').queryByRole('button', { name: /Make Customer/ })).not.toBeInTheDocument();
    expect(row('bob@example.com').queryByRole('button', { name: /Make Customer/ })).not.toBeInTheDocument();
    await userEvent.click(row('cid@example.com').getByRole('button', { name: 'Make Customer: cid@example.com' }));
    expect(screen.getByRole('dialog', { name: 'Return this admin to customer?' })).toBeInTheDocument();
    expect(await answerDialog('Make Customer')).toContain('Return cid@example.com to customer?');
    expect(confirm).not.toHaveBeenCalled();
    expect(fake.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/user/customer/cid%40example.com', authorization: 'Bearer admin-token' });
    expect(await screen.findByText('The account is a customer again.')).toBeInTheDocument();
    await vi.waitFor(() => expect(row('cid@example.com').getByRole('button', { name: 'Make Admin: cid@example.com' })).toBeInTheDocument());
  });

  it('Make Customer refused (409): shows the server’s reason', async () => {
    const reason = 'cid@example.com is an admin set by configuration (ADMIN_EMAILS). Change the configuration to remove it.';
    api({ 'PUT /user/customer/cid@example.com': () => problemResponse(409, reason) });
    renderWithProviders(<UsersTable />);
    await screen.findByText('cid@example.com');
    await userEvent.click(row('cid@example.com').getByRole('button', { name: 'Make Customer: cid@example.com' }));
    await answerDialog('Make Customer');
    expect(await screen.findByText(`Failed to return the account to customer: ${reason}`)).toBeInTheDocument();
  });

  it('shows who changed each role and when, with the whole history', async () => {
    users = [
      me,
      {
        ...cid,
        roleHistory: [
          { email: cid.email, role: 'admin', by: 'ADMIN_EMAILS', at: '2026-01-05T10:00:00Z' },
          { email: cid.email, role: '', by: 'ann@example.com', at: '2026-02-05T10:00:00Z' },
          { email: cid.email, role: 'admin', by: 'ann@example.com', at: '2026-11-26T10:00:00Z' },
        ],
      },
      { ...bob, roleHistory: [{ email: bob.email, role: 'admin', by: 'ADMIN_EMAILS', at: '2026-03-01T10:00:00Z' }] },
    ];
    api();
    renderWithProviders(<UsersTable />);
    await screen.findByText('cid@example.com');
    expect(row('cid@example.com').getByText('Admin since Nov 26, 2026, by ann@example.com')).toBeInTheDocument();
    expect(row('cid@example.com').getByText('3 role changes')).toBeInTheDocument();
    expect(row('cid@example.com').getAllByRole('listitem')).toHaveLength(3);
    expect(row('cid@example.com').getByText(/^Customer, Feb 5, 2026, .*by ann@example\.com$/)).toBeInTheDocument();
    expect(row('bob@example.com').getByText('Admin since Mar 1, 2026, set by configuration')).toBeInTheDocument();
    expect(row('ann@example.com').queryByTestId('role-record')).not.toBeInTheDocument();
  });
});
