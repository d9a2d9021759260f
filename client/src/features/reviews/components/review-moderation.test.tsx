import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { ModeratedReview } from '@/types/api';
import { ReviewModeration } from './review-moderation';

const verified: ModeratedReview = {
  _id: 'r2',
  name: 'Ada Buyer',
  email: 'ada@example.com',
  review: 'The lathe cuts true.',
  img: 'http://localhost:5000/images/64b7f0c2a1b2c3d4e5f60799',
  rating: 5,
  createdAt: '2025-03-02T10:30:00Z',
  productId: '64b7f0c2a1b2c3d4e5f60701',
  productName: 'Bench Lathe',
  verified: true,
  status: 'visible',
  hidden: false,
  moderation: [],
};
const held: ModeratedReview = {
  ...verified,
  _id: 'r1',
  name: 'Bob Buyer',
  email: 'bob@example.com',
  review: 'Fast delivery.',
  productId: undefined,
  productName: undefined,
  verified: undefined,
  status: 'hidden',
  hidden: true,
  moderation: [{ action: 'hide', by: 'boss@example.com', at: '2025-03-03T08:00:00Z', reason: 'Names a competitor' }],
};

let reviews: ModeratedReview[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  reviews = [verified, held];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /admin/reviews': () => jsonResponse(reviews, { headers: { 'X-Total-Count': String(reviews.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const card = (name: string) => within(screen.getByRole('article', { name }));
const listCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/admin/reviews'));

describe('ReviewModeration', () => {
  it('lists every review with its status, reviewer, verified purchase and last moderation', async () => {
    const fake = api();
    renderWithProviders(<ReviewModeration />);
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Ada Buyer', 'Bob Buyer']);
    expect(screen.getByText('2 reviews')).toBeInTheDocument();
    expect(card('Ada Buyer').getByText('Visible')).toBeInTheDocument();
    expect(card('Ada Buyer').getByText('Verified buyer of Bench Lathe')).toBeInTheDocument();
    expect(card('Ada Buyer').getByText('ada@example.com')).toBeInTheDocument();
    expect(card('Bob Buyer').getByText('Hidden')).toBeInTheDocument();
    expect(card('Bob Buyer').getByText(/Hidden by boss@example.com, .*: “Names a competitor”/)).toBeInTheDocument();
    expect(listCalls(fake.calls)[0]).toMatchObject({ path: '/admin/reviews?limit=20&skip=0', authorization: 'Bearer admin-token' });
  });

  it('keeps the status filter in the URL and asks the server for it', async () => {
    const fake = api();
    renderWithProviders(<ReviewModeration />, { route: '/dashboard/reviews' });
    await screen.findByRole('list', { name: 'Reviews' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Hidden');
    await vi.waitFor(() => expect(listCalls(fake.calls).map((c) => c.path)).toContain('/admin/reviews?limit=20&skip=0&status=hidden'));
  });

  it('Hide: asks in the app’s dialog with an optional reason, PATCHes and reloads', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api({
      'PATCH /reviews/r2': ({ body }) => {
        reviews = reviews.map((r) => (r._id === 'r2' ? { ...r, status: 'hidden', hidden: (body as { hidden: boolean }).hidden } : r));
        return jsonResponse(reviews[0]);
      },
    });
    renderWithProviders(<ReviewModeration />);
    await screen.findByRole('list', { name: 'Reviews' });
    await userEvent.click(card('Ada Buyer').getByRole('button', { name: 'Hide: review by Ada Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Off topic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('The review is hidden.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/reviews/r2', body: { hidden: true, reason: 'Off topic' }, authorization: 'Bearer admin-token' });
    expect(confirm).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(card('Ada Buyer').getByText('Hidden')).toBeInTheDocument());
    expect(listCalls(fake.calls).length).toBeGreaterThanOrEqual(2);
  });

  it('Show: a hidden review is shown again, without a reason', async () => {
    const fake = api({ 'PATCH /reviews/r1': () => jsonResponse({ ...held, status: 'visible', hidden: false }) });
    renderWithProviders(<ReviewModeration />);
    await screen.findByRole('list', { name: 'Reviews' });
    await userEvent.click(card('Bob Buyer').getByRole('button', { name: 'Show: review by Bob Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Show this review again?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The review is shown on the home page.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/reviews/r1', body: { hidden: false } });
  });

  it('Approve: a review awaiting approval is approved by showing it', async () => {
    reviews = [{ ...held, status: 'awaiting', moderation: [] }];
    const fake = api({ 'PATCH /reviews/r1': () => jsonResponse({ ...held, status: 'visible', hidden: false }) });
    renderWithProviders(<ReviewModeration />);
    await screen.findByRole('list', { name: 'Reviews' });
    expect(card('Bob Buyer').getByText('Awaiting approval')).toBeInTheDocument();
    await userEvent.click(card('Bob Buyer').getByRole('button', { name: 'Approve: review by Bob Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this review?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/reviews/r1', body: { hidden: false } }));
  });

  it('Delete: needs a reason, then DELETEs with it and reloads', async () => {
    const fake = api({
      'DELETE /reviews/r1': () => {
        reviews = reviews.filter((r) => r._id !== 'r1');
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderWithProviders(<ReviewModeration />);
    await screen.findByRole('list', { name: 'Reviews' });
    await userEvent.click(card('Bob Buyer').getByRole('button', { name: 'Delete: review by Bob Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this review?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(/Say why the review is deleted/);
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Posted twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The review was deleted.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/reviews/r1', body: { reason: 'Posted twice' }, authorization: 'Bearer admin-token' });
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'Bob Buyer' })).not.toBeInTheDocument());
    expect(screen.getByText('1 review')).toBeInTheDocument();
  });

  it('Cancel closes the dialog and changes nothing', async () => {
    const fake = api();
    renderWithProviders(<ReviewModeration />);
    await screen.findByRole('list', { name: 'Reviews' });
    await userEvent.click(card('Ada Buyer').getByRole('button', { name: 'Delete: review by Ada Buyer' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.some((c) => c.method === 'DELETE' || c.method === 'PATCH')).toBe(false);
  });

  it('toasts the server’s reason when a change fails, and keeps the dialog open', async () => {
    api({ 'PATCH /reviews/r2': () => problemResponse(404, 'The review was not found.') });
    renderWithProviders(<ReviewModeration />);
    await screen.findByRole('list', { name: 'Reviews' });
    await userEvent.click(card('Ada Buyer').getByRole('button', { name: 'Hide: review by Ada Buyer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('The review could not be changed: The review was not found.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says so when there are no reviews', async () => {
    reviews = [];
    api();
    renderWithProviders(<ReviewModeration />);
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });
});
