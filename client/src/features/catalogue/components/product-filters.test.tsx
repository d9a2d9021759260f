import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AllProducts } from './all-products';

const categories = [
  { _id: '64b7f0c2a1b2c3d4e5f6aa01', name: 'Generators', count: 3 },
  { _id: '64b7f0c2a1b2c3d4e5f6aa02', name: 'Pumps', count: 1 },
];

let fake: ReturnType<typeof fakeApi>;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  fake = fakeApi({
    'GET /categories': () => jsonResponse(categories),
    'GET /service': () => jsonResponse([makeProduct()], { headers: { 'X-Total-Count': '1' } }),
  });
  vi.stubGlobal('fetch', fake.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

const search = () => screen.getByTestId('search').textContent;
const lastListPath = () => fake.calls.filter((c) => c.path.startsWith('/service')).at(-1)?.path;

function renderAt(route: string) {
  renderWithProviders(
    <>
      <AllProducts />
      <SearchProbe />
    </>,
    { route },
  );
}

/** The drawer's panel (jsdom applies no media queries: the narrow layout). */
async function openFilters() {
  await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
  return screen.findByRole('dialog');
}

describe('the product filters (/products)', () => {
  it('lists the categories with their counts and filters by one, in the URL and the request', async () => {
    renderAt('/products?page=2');
    await screen.findAllByTestId('product-card');
    const drawer = await openFilters();
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Category' }));
    expect(screen.getByRole('option', { name: 'All categories' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Generators (3)' }));
    await vi.waitFor(() => expect(search()).toBe('?category=Generators'));
    await vi.waitFor(() => expect(lastListPath()).toBe('/service?limit=12&skip=0&category=Generators'));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Show products' }));
    expect(await screen.findByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });

  it('takes a price range once typing pauses, and in stock only', async () => {
    renderAt('/products?q=pump');
    await screen.findAllByTestId('product-card');
    const drawer = await openFilters();
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Min price ($)' }), '100');
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Max price ($)' }), '9x00.5');
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'In stock only' }));
    await vi.waitFor(() => expect(search()).toBe('?q=pump&minPrice=100&maxPrice=900.5&inStock=true'));
    await vi.waitFor(() => expect(lastListPath()).toBe('/service?limit=12&skip=0&q=pump&minPrice=100&maxPrice=900.5&inStock=true'));
  });

  it('reads the filters from a link (a category page) and clears them', async () => {
    renderAt('/products?category=Pumps&inStock=true');
    await screen.findAllByTestId('product-card');
    expect(lastListPath()).toBe('/service?limit=12&skip=0&category=Pumps&inStock=true');
    const drawer = await openFilters();
    expect(within(drawer).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Pumps (1)');
    expect(within(drawer).getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(search()).toBe(''));
  });

  it('says when no product matches the filters, with a way to clear them', async () => {
    fake = fakeApi({
      'GET /categories': () => jsonResponse(categories),
      'GET /service': () => jsonResponse([], { headers: { 'X-Total-Count': '0' } }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/products?minPrice=1000000');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await vi.waitFor(() => expect(search()).toBe(''));
  });

  it('a price typed just before Show products is kept (the drawer closing does not drop it)', async () => {
    renderAt('/products');
    await screen.findAllByTestId('product-card');
    const drawer = await openFilters();
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Max price ($)' }), '2500');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Show products' }));
    await vi.waitFor(() => expect(search()).toBe('?maxPrice=2500'));
  });

  it('a minimum above the maximum says so, at the field and instead of “no products match”', async () => {
    fake = fakeApi({
      'GET /categories': () => jsonResponse(categories),
      'GET /service': () => jsonResponse([], { headers: { 'X-Total-Count': '0' } }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderAt('/products?minPrice=5000&maxPrice=100');
    expect(await screen.findByText('The minimum price ($5000) is above the maximum ($100): no product can match.')).toBeInTheDocument();
    expect(screen.queryByText('No products match these filters.')).not.toBeInTheDocument();
    const drawer = await openFilters();
    expect(within(drawer).getByRole('textbox', { name: 'Min price ($)' })).toHaveAccessibleDescription('Above the maximum');
  });
});
