import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { renderWithProviders } from '@/testing/test-utils';
import { FeaturedProducts } from './featured-products';

const products = Array.from({ length: 5 }, (_, i) =>
  makeProduct({ _id: `64b7f0c2a1b2c3d4e5f6071${i}`, name: `Machine ${i + 1}`, price: 100 + i, image: `https://api.example/images/${i}.png` }),
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FeaturedProducts', () => {
  it('asks for 5 products, shows the loading animation, then the cards', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(Response.json(products, { headers: { 'X-Total-Count': '14' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<FeaturedProducts />);
    expect(screen.getByRole('status')).toHaveTextContent(/loading/i);
    expect(await screen.findAllByTestId('product-card')).toHaveLength(5);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([request]) => (request as Request).url)).toEqual(['http://localhost:5000/service?limit=5']);
  });

  it('links its heading to /products', () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => new Promise<Response>(() => {})));
    renderWithProviders(<FeaturedProducts />);
    expect(screen.getByRole('link', { name: 'Our Product' })).toHaveAttribute('href', '/products');
  });

  it('says truthfully what the five are: the catalogue’s first, in the API’s own order', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<FeaturedProducts />);
    expect(screen.getByText('The first five machines in our catalogue: our longest-standing lines.')).toBeInTheDocument();
    expect(screen.queryByText(/recently added/i)).not.toBeInTheDocument();
    // No sort: GET /service answers in catalogue order, oldest first.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [request] = fetchMock.mock.calls.find(([r]) => new URL((r as Request).url).pathname === '/service')!;
    expect(new URL((request as Request).url).searchParams.has('sort')).toBe(false);
  });

  it('shows an error message when the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(JSON.stringify({ title: 'Internal Server Error', status: 500 }), {
          status: 500,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
      ),
    );
    renderWithProviders(<FeaturedProducts />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the products right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
