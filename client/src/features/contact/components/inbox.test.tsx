import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { ContactMessage } from '@/types/api';
import { Inbox } from './inbox';

const quote: ContactMessage = {
  _id: 'm2',
  email: 'ada@example.com',
  subject: 'A quote for 3 generators',
  message: 'Hello,\nwhat would 3 of them cost?',
  handled: false,
  createdAt: '2025-03-02T10:30:00Z',
};
const thanks: ContactMessage = { _id: 'm1', email: 'bob@example.com', subject: 'Thanks', message: 'The pump works well.', handled: true, createdAt: '2025-03-01T09:00:00Z' };

let inbox: ContactMessage[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  inbox = [quote, thanks];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /contact': () => jsonResponse(inbox, { headers: { 'X-Total-Count': String(inbox.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const card = (subject: string) => within(screen.getByRole('article', { name: subject }));
const listCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/contact')).length;

describe('Inbox', () => {
  it('lists the messages as the server sends them (newest first), with who sent them and a reply link', async () => {
    const fake = api();
    renderWithProviders(<Inbox />);
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(['A quote for 3 generators', 'Thanks']);
    expect(screen.getByText('2 messages')).toBeInTheDocument();
    expect(card('A quote for 3 generators').getByText('ada@example.com')).toBeInTheDocument();
    expect(card('A quote for 3 generators').getByText(/what would 3 of them cost\?/)).toBeInTheDocument();
    expect(card('A quote for 3 generators').getByText('New')).toBeInTheDocument();
    expect(card('Thanks').getByText('Handled')).toBeInTheDocument();
    expect(card('A quote for 3 generators').getByRole('link', { name: 'Reply: A quote for 3 generators' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com?subject=Re%3A%20A%20quote%20for%203%20generators',
    );
    expect(fake.calls).toContainEqual(expect.objectContaining({ path: '/contact?limit=20&skip=0', authorization: 'Bearer admin-token' })); // the session may ask GET /auth/me first
  });

  it('Mark handled: PATCHes the message and reloads the list', async () => {
    const fake = api({
      'PATCH /contact/m2': ({ body }) => {
        inbox = inbox.map((msg) => (msg._id === 'm2' ? { ...msg, handled: (body as { handled: boolean }).handled } : msg));
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      },
    });
    renderWithProviders(<Inbox />);
    await screen.findByRole('list', { name: 'Messages' });
    await userEvent.click(card('A quote for 3 generators').getByRole('button', { name: 'Mark handled: A quote for 3 generators' }));
    expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/contact/m2', body: { handled: true }, authorization: 'Bearer admin-token' });
    expect(await screen.findByText('Marked as handled.')).toBeInTheDocument();
    await vi.waitFor(() => expect(card('A quote for 3 generators').getByText('Handled')).toBeInTheDocument());
    expect(listCalls(fake.calls)).toBe(2);
  });

  it('Mark as new: PATCHes handled: false', async () => {
    const fake = api({ 'PATCH /contact/m1': () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }) });
    renderWithProviders(<Inbox />);
    await screen.findByRole('list', { name: 'Messages' });
    await userEvent.click(card('Thanks').getByRole('button', { name: 'Mark as new: Thanks' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/contact/m1', body: { handled: false } }));
  });

  it('Delete: asks first, then DELETEs and reloads the list', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      'DELETE /contact/m1': () => {
        inbox = inbox.filter((msg) => msg._id !== 'm1');
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderWithProviders(<Inbox />);
    await screen.findByRole('list', { name: 'Messages' });
    await userEvent.click(card('Thanks').getByRole('button', { name: 'Delete: Thanks' }));
    expect(confirm).toHaveBeenCalledWith('Delete this message? This cannot be undone.');
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/contact/m1', authorization: 'Bearer admin-token' });
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'Thanks' })).not.toBeInTheDocument());
    expect(await screen.findByText('The message was deleted.')).toBeInTheDocument();
    expect(screen.getByText('1 message')).toBeInTheDocument();
  });

  it('Delete: nothing happens when the admin cancels', async () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    const fake = api();
    renderWithProviders(<Inbox />);
    await screen.findByRole('list', { name: 'Messages' });
    await userEvent.click(card('Thanks').getByRole('button', { name: 'Delete: Thanks' }));
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('pages through a long inbox with X-Total-Count', async () => {
    const fake = api({ 'GET /contact': () => jsonResponse(inbox, { headers: { 'X-Total-Count': '45' } }) });
    renderWithProviders(<Inbox />);
    await screen.findByText('45 messages');
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await vi.waitFor(() => expect(fake.calls.map((c) => c.path)).toContain('/contact?limit=20&skip=20'));
  });

  it('says so when there are no messages, and when they cannot be loaded', async () => {
    inbox = [];
    api();
    const { unmount } = renderWithProviders(<Inbox />);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    unmount();
    api({ 'GET /contact': () => problemResponse(500, 'Internal error.') });
    renderWithProviders(<Inbox />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the messages right now.');
  });
});
