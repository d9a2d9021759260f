import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';
import { AddReviewForm } from './add-review-form';

const customer: User = { _id: 'c1', email: 'bob@example.com', name: 'Bob Buyer', role: '', provider: 'password', createdAt: '' };
const PHOTO_URL = 'http://localhost:5000/images/64b7f0c2a1b2c3d4e5f60799';

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'customer-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: customer }),
    'POST /upload': () => jsonResponse({ success: true, data: { url: PHOTO_URL } }, { status: 201 }),
    'POST /reviews': () => jsonResponse({ acknowledged: true, insertedId: '64b7f0c2a1b2c3d4e5f60712' }, { status: 201 }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], 'me.jpg', { type: 'image/jpeg' });
const reviewBox = () => screen.getByLabelText(/^Review/);
const photoInput = () => screen.getByLabelText(/^Photo/);
const submit = () => screen.getByRole('button', { name: 'Add Review' });

describe('AddReviewForm', () => {
  it('shows the account’s name and email read-only, and a rating of 5 to start with', async () => {
    api();
    renderWithProviders(<AddReviewForm />);
    await vi.waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Bob Buyer'));
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('bob@example.com');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(screen.getByRole('group', { name: 'Rating' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 Stars' })).toBeChecked();
  });

  it('says Review is Required and Image is Required, and sends nothing', async () => {
    const fake = api();
    renderWithProviders(<AddReviewForm />);
    await userEvent.click(submit());
    expect(reviewBox()).toHaveAccessibleDescription('Review is Required');
    expect(photoInput()).toHaveAccessibleDescription('Image is Required');
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a review over 1000 characters', async () => {
    api();
    renderWithProviders(<AddReviewForm />);
    await userEvent.click(reviewBox());
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(submit());
    expect(reviewBox()).toHaveAccessibleDescription('Keep the review to 1000 characters or fewer');
  });

  it('counts the characters typed', async () => {
    api();
    renderWithProviders(<AddReviewForm />);
    expect(reviewBox()).toHaveAccessibleDescription('0/1000 characters');
    await userEvent.type(reviewBox(), 'Great');
    expect(reviewBox()).toHaveAccessibleDescription('5/1000 characters');
  });

  it('uploads the photo, then sends the review with its URL and the rating; toasts success and refreshes the reviews', async () => {
    const fake = api();
    const { queryClient } = renderWithProviders(<AddReviewForm />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.type(reviewBox(), '  Solid compressor, fast delivery.  ');
    // A click without pointer moves: jsdom has no layout for the stars' hover.
    fireEvent.click(screen.getByRole('radio', { name: '4 Stars' }));
    expect(screen.getByRole('radio', { name: '4 Stars' })).toBeChecked();
    await userEvent.upload(photoInput(), photo());
    await userEvent.click(submit());

    expect(await screen.findByText('Review added successfully')).toBeInTheDocument();
    const posts = fake.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/upload', '/reviews']);
    expect(posts[1]).toMatchObject({
      authorization: 'Bearer customer-token',
      body: { review: 'Solid compressor, fast delivery.', img: PHOTO_URL, rating: 4 },
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.reviews.all });
    await vi.waitFor(() => expect(reviewBox()).toHaveValue(''));
    expect(screen.getByRole('radio', { name: '5 Stars' })).toBeChecked();
  });

  it('sends a rating of 5 when none was chosen', async () => {
    const fake = api();
    renderWithProviders(<AddReviewForm />);
    await userEvent.type(reviewBox(), 'Good.');
    await userEvent.upload(photoInput(), photo());
    await userEvent.click(submit());
    await screen.findByText('Review added successfully');
    expect(fake.calls.find((c) => c.path === '/reviews')?.body).toMatchObject({ rating: 5 });
  });

  it('toasts the spec’s Failed to add the doctor, with the server’s reason and its field messages', async () => {
    api({ 'POST /reviews': () => problemResponse(400, 'The review is not valid.', { img: 'must be an image uploaded to this store' }) });
    renderWithProviders(<AddReviewForm />);
    await userEvent.type(reviewBox(), 'Good.');
    await userEvent.upload(photoInput(), photo());
    await userEvent.click(submit());
    expect(await screen.findByText('Failed to add the doctor: The review is not valid.')).toBeInTheDocument();
    expect(photoInput()).toHaveAccessibleDescription('Photo must be an image uploaded to this store');
    expect(reviewBox()).toHaveValue('Good.');
  });

  it('a refused upload toasts the server’s reason and sends no review', async () => {
    const fake = api({ 'POST /upload': () => problemResponse(413, 'The image is larger than 5 MB.') });
    renderWithProviders(<AddReviewForm />);
    await userEvent.type(reviewBox(), 'Good.');
    await userEvent.upload(photoInput(), photo());
    await userEvent.click(submit());
    expect(await screen.findByText('The image could not be uploaded: The image is larger than 5 MB.')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/reviews')).toBe(false);
  });

  describe('the product bought (issue 36)', () => {
    const orders = [
      { _id: 'o3', productId: 'p-lathe', productName: 'Bench Lathe', paid: true },
      { _id: 'o2', productId: 'p-press', productName: 'Drill Press', paid: false },
      { _id: 'o1', productId: 'p-lathe', productName: 'Bench Lathe', paid: true },
    ];
    const withOrders = (overrides: Parameters<typeof fakeApi>[0] = {}) =>
      api({ 'GET /order': () => jsonResponse(orders, { headers: { 'X-Total-Count': '3' } }), ...overrides });
    // After GET /auth/me and then GET /order: slow on a busy machine.
    const productBox = () => screen.findByRole('combobox', { name: 'Product you bought (optional)' }, { timeout: 5000 });

    it('offers the products of paid orders, once each, and sends the one chosen', async () => {
      const fake = withOrders();
      renderWithProviders(<AddReviewForm />);
      const box = await productBox();
      expect([...box.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['No product: a review of the shop', 'Bench Lathe']);
      expect(fake.calls.find((c) => c.method === 'GET' && c.path.startsWith('/order'))?.path).toBe('/order?email=bob%40example.com&limit=100');
      await userEvent.selectOptions(box, 'Bench Lathe');
      await userEvent.type(reviewBox(), 'Cuts true.');
      await userEvent.upload(photoInput(), photo());
      await userEvent.click(submit());
      expect(await screen.findByText('Review added successfully')).toBeInTheDocument();
      expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/reviews')?.body).toMatchObject({ review: 'Cuts true.', productId: 'p-lathe' });
    });

    it('sends no product when none is chosen', async () => {
      const fake = withOrders();
      renderWithProviders(<AddReviewForm />);
      await productBox();
      await userEvent.type(reviewBox(), 'Good shop.');
      await userEvent.upload(photoInput(), photo());
      await userEvent.click(submit());
      await screen.findByText('Review added successfully');
      expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/reviews')?.body).not.toHaveProperty('productId');
    });

    it('shows no product choice to a customer without a paid order', async () => {
      const fake = api({ 'GET /order': () => jsonResponse([orders[1]], { headers: { 'X-Total-Count': '1' } }) });
      renderWithProviders(<AddReviewForm />);
      await vi.waitFor(() => expect(fake.calls.some((c) => c.path.startsWith('/order'))).toBe(true));
      expect(screen.queryByRole('combobox', { name: /Product you bought/ })).not.toBeInTheDocument();
    });

    it('says the review awaits approval instead of the usual message when the server holds it', async () => {
      withOrders({
        'POST /reviews': () => jsonResponse({ acknowledged: true, insertedId: '64b7f0c2a1b2c3d4e5f60712', awaitingApproval: true }, { status: 201 }),
      });
      renderWithProviders(<AddReviewForm />);
      await userEvent.type(reviewBox(), 'Good.');
      await userEvent.upload(photoInput(), photo());
      await userEvent.click(submit());
      expect(await screen.findByText('Thanks! Your review will appear on the home page once an admin approves it.')).toBeInTheDocument();
      expect(screen.queryByText('Review added successfully')).not.toBeInTheDocument();
    });

    it('shows the server’s refusal of a product not bought next to the field', async () => {
      withOrders({ 'POST /reviews': () => problemResponse(400, 'The review is not valid.', { productId: 'must be a product you have bought and paid for' }) });
      renderWithProviders(<AddReviewForm />);
      await userEvent.selectOptions(await productBox(), 'Bench Lathe');
      await userEvent.type(reviewBox(), 'Good.');
      await userEvent.upload(photoInput(), photo());
      await userEvent.click(submit());
      await screen.findByText('Failed to add the doctor: The review is not valid.');
      expect(await productBox()).toHaveAccessibleDescription(/Product you bought \(optional\) must be a product you have bought and paid for/);
    });
  });
});
