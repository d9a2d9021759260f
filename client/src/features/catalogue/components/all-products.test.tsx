import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AllProducts } from './all-products';

const catalogue = Array.from({ length: 30 }, (_, i) =>
  makeProduct({
    _id: `64b7f0c2a1b2c3d4e5f6${String(i).padStart(4, '0')}`,
    name: i % 3 === 0 ? `Water Pump ${i}` : `Machine ${i}`,
    price: 100 + i,
    image: `http://localhost:5000/images/${i}`,
  }),
);

let fake: ReturnType<typeof fakeApi>;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom has no layout
  fake = fakeApi({
    'GET /categories': () => jsonResponse([]),
    'GET /service': ({ url }) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit'));
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const matches = catalogue.filter((p) => p.name.toLowerCase().includes(q));
      return jsonResponse(matches.slice(skip, skip + limit), { headers: { 'X-Total-Count': String(matches.length) } });
    },
  });
  vi.stubGlobal('fetch', fake.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <AllProducts />
      <SearchProbe />
    </>,
    { route },
  );
}

const search = () => screen.getByTestId('search').textContent;
const listPaths = () => fake.calls.filter((c) => c.path.startsWith('/service')).map((c) => c.path);

describe('AllProducts (/products)', () => {
  it('shows the first page in catalogue order with the same product cards as the home page', async () => {
    renderAt('/products');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(12);
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–12 of 30 products')).toBeInTheDocument();
    expect(listPaths()).toEqual(['/service?limit=12&skip=0']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Catalogue order');
  });

  it('searches by name once typing pauses, and keeps the search in the URL', async () => {
    renderAt('/products');
    await screen.findAllByTestId('product-card');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name, SKU or description' }), 'pump');
    await vi.waitFor(() => expect(search()).toBe('?q=pump'));
    await vi.waitFor(() => expect(screen.getByText('Showing 1–10 of 10 products')).toBeInTheDocument());
    // One request for the whole word, not one per letter.
    expect(listPaths()).toEqual(['/service?limit=12&skip=0', '/service?limit=12&skip=0&q=pump']);
    expect(screen.getAllByTestId('product-card')).toHaveLength(10);
  });

  it('sorts by the chosen order (sort=-price) and starts again at page 1', async () => {
    renderAt('/products?page=2');
    await screen.findAllByTestId('product-card');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Price: high to low' }));
    await vi.waitFor(() => expect(search()).toBe('?sort=-price'));
    await vi.waitFor(() => expect(listPaths()).toContain('/service?limit=12&skip=0&sort=-price'));
  });

  it('pages with limit and skip from X-Total-Count, as links that keep the search and order', async () => {
    renderAt('/products?sort=name');
    await screen.findAllByTestId('product-card');
    const pages = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(screen.getByRole('link', { name: 'Go to page 3' })).toHaveAttribute('href', '/products?sort=name&page=3');
    expect(pages).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to page 2' }));
    await vi.waitFor(() => expect(search()).toBe('?sort=name&page=2'));
    await vi.waitFor(() => expect(screen.getByText('Showing 13–24 of 30 products')).toBeInTheDocument());
    expect(listPaths()).toContain('/service?limit=12&skip=12&sort=name');
    await userEvent.click(screen.getByRole('link', { name: 'Go to page 3' }));
    await vi.waitFor(() => expect(screen.getByText('Showing 25–30 of 30 products')).toBeInTheDocument());
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);
  });

  it('starts from the state in the URL', async () => {
    renderAt('/products?q=machine&sort=-name&page=2');
    await screen.findAllByTestId('product-card');
    expect(listPaths()).toEqual(['/service?limit=12&skip=12&q=machine&sort=-name']);
    expect(screen.getByRole('searchbox', { name: 'Search by name, SKU or description' })).toHaveValue('machine');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Name: Z to A');
    expect(screen.getByText('Showing 13–20 of 20 products')).toBeInTheDocument();
  });

  it('says when nothing matches, and Clear search shows everything again', async () => {
    renderAt('/products?q=zzz');
    expect(await screen.findByText('No products match “zzz”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(12);
    expect(search()).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search by name, SKU or description' })).toHaveValue('');
  });
});
