import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { ProductReviews as Answer } from '@/types/api';
import ProductReviews from './product-reviews';

const PRODUCT = '64b7f0c2a1b2c3d4e5f60701';

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(answer: () => Response) {
  const fake = fakeApi({ 'GET /reviews': answer });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const two: Answer = {
  reviews: [
    { _id: 'r2', name: 'Ben Buyer', review: 'Heavy but good.', img: '', rating: 4, createdAt: '2026-11-20T10:00:00Z', productId: PRODUCT, verified: true },
    { _id: 'r1', name: 'Ann Buyer', review: 'Cuts true.', img: '', rating: 5, createdAt: '2026-11-10T10:00:00Z' },
  ],
  average: 4.5,
  count: 2,
};

describe('ProductReviews', () => {
  it('asks for the product’s reviews and shows their average, number and the newest first', async () => {
    const fake = api(() => jsonResponse(two));
    renderWithProviders(<ProductReviews productId={PRODUCT} />);
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(fake.calls.map((c) => c.path)).toEqual([`/reviews?productId=${PRODUCT}`]);
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Average rating 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();
    expect(screen.getByTestId('product-rating')).toHaveTextContent('4.5 out of 5');
    expect(screen.getByTestId('product-rating')).toHaveTextContent('2 reviews');
    const [first, second, ...rest] = within(list).getAllByRole('listitem');
    expect(rest).toEqual([]);
    if (!first || !second) throw new Error('two reviews expected');
    const items = [first, second] as const;
    expect(items[0]).toHaveTextContent('Ben Buyer');
    expect(items[0]).toHaveTextContent('Heavy but good.');
    expect(items[0]).toHaveTextContent('Verified buyer');
    expect(within(items[0]).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Ann Buyer');
    expect(items[1]).not.toHaveTextContent('Verified buyer');
  });

  it('says when the product has no reviews yet', async () => {
    api(() => jsonResponse({ reviews: [], average: 0, count: 0 }));
    renderWithProviders(<ProductReviews productId={PRODUCT} />);
    expect(await screen.findByText('No reviews of this product yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('product-rating')).not.toBeInTheDocument();
  });

  it('says the reviews could not be loaded, and tries again', async () => {
    let fail = true;
    api(() => (fail ? problemResponse(503, 'down') : jsonResponse(two)));
    renderWithProviders(<ProductReviews productId={PRODUCT} />);
    const retry = await screen.findByRole('button', { name: /try again|retry/i }, { timeout: 5000 });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('list', { name: 'Reviews' })).toBeInTheDocument();
  });
});
