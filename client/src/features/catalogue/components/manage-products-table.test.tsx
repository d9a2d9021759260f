import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Product, User } from '@/types/api';
import { ManageProductsTable } from './manage-products-table';

const admin: User = { _id: 'a1', email: 'ann@example.com', name: 'Ann Admin', role: 'admin', provider: 'password', createdAt: '' };

function product(i: number, overrides: Partial<Product> = {}): Product {
  return makeProduct({
    _id: `64b7f0c2a1b2c3d4e5f6${String(i).padStart(4, '0')}`,
    name: `Machine ${i}`,
    price: 100 + i,
    image: `http://localhost:5000/images/${i}`,
    description: `Machine number ${i}.`,
    avaialbequantit: 10 + i,
    minimumquantity: 1,
    ...overrides,
  });
}

let products: Product[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  products = [product(1, { name: 'Diesel Generator', price: 14900, avaialbequantit: 12 }), product(2, { name: 'Pallet Jack' })];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: admin }),
    'GET /service': ({ url }) => {
      const limit = Number(url.searchParams.get('limit'));
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const matches = products.filter((p) => p.name.toLowerCase().includes(q));
      if (url.searchParams.get('sort') === '-name') matches.sort((a, b) => b.name.localeCompare(a.name));
      return jsonResponse(matches.slice(skip, skip + limit), { headers: { 'X-Total-Count': String(matches.length) } });
    },
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

const search = () => screen.getByTestId('search').textContent;
const rowNames = () => screen.queryAllByTestId('product-row').map((r) => within(r).getByRole('rowheader').textContent);
const row = (name: string) => within(screen.getByText(name).closest('tr')!);
const listCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/service'));

describe('ManageProductsTable', () => {
  it('lists every product with its image, name, price and available quantity, 20 per request', async () => {
    const fake = api();
    renderWithProviders(<ManageProductsTable />);
    expect(await screen.findByText('Diesel Generator')).toBeInTheDocument();
    expect(row('Diesel Generator').getByText('$14,900')).toBeInTheDocument();
    expect(row('Diesel Generator').getByText('12 pcs')).toBeInTheDocument();
    expect(row('Diesel Generator').getByRole('presentation')).toHaveAttribute('src', 'http://localhost:5000/images/1');
    expect(screen.getByText('2 products')).toBeInTheDocument();
    expect(listCalls(fake.calls)[0]!.path).toBe('/service?limit=20&skip=0');
  });

  it('pages through the catalogue with skip when there are more than 20 products, the page in the URL', async () => {
    products = Array.from({ length: 30 }, (_, i) => product(i + 1));
    const fake = api();
    renderWithProviders(
      <>
        <ManageProductsTable />
        <SearchProbe />
      </>,
    );
    await screen.findByText('Machine 1');
    expect(screen.getAllByTestId('product-row')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Machine 30')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-row')).toHaveLength(10);
    expect(listCalls(fake.calls).map((c) => c.path)).toContain('/service?limit=20&skip=20');
    expect(search()).toBe('?page=2');
  });

  it('searches by name once typing pauses and sorts, both in the URL, back at page 1', async () => {
    products = Array.from({ length: 30 }, (_, i) => product(i + 1, i % 10 === 0 ? { name: `Water Pump ${i}` } : {}));
    const fake = api();
    renderWithProviders(
      <>
        <ManageProductsTable />
        <SearchProbe />
      </>,
      { route: '/dashboard/manageproduct?page=2' },
    );
    await screen.findByText('Machine 22');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name, SKU or description' }), 'pump');
    await vi.waitFor(() => expect(search()).toBe('?q=pump'));
    expect(await screen.findByText('3 products')).toBeInTheDocument();
    expect(listCalls(fake.calls).map((c) => c.path)).toEqual(['/service?limit=20&skip=20', '/service?limit=20&skip=0&q=pump']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Name: Z to A' }));
    await vi.waitFor(() => expect(search()).toBe('?q=pump&sort=-name'));
    await vi.waitFor(() => expect(rowNames()).toEqual(['Water Pump 20', 'Water Pump 10', 'Water Pump 0']));
    expect(listCalls(fake.calls).at(-1)!.path).toBe('/service?limit=20&skip=0&q=pump&sort=-name');
  });

  it('starts from the search, order and page in the URL', async () => {
    products = Array.from({ length: 30 }, (_, i) => product(i + 1));
    const fake = api();
    renderWithProviders(<ManageProductsTable />, { route: '/dashboard/manageproduct?q=machine&sort=-name&page=2' });
    await vi.waitFor(() => expect(listCalls(fake.calls).map((c) => c.path)).toEqual(['/service?limit=20&skip=20&q=machine&sort=-name']));
    expect(await screen.findByRole('searchbox', { name: 'Search by name, SKU or description' })).toHaveValue('machine');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Name: Z to A');
  });

  it('says when nothing matches the search, and Clear search lists everything again', async () => {
    api();
    renderWithProviders(<ManageProductsTable />, { route: '/dashboard/manageproduct?q=zzz' });
    expect(await screen.findByText('No products match “zzz”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Diesel Generator')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by name, SKU or description' })).toHaveValue('');
  });

  it('Delete asks the spec’s question, deletes by id and reloads the list', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const id = products[1]!._id;
    const fake = api({
      [`DELETE /deleteproduct/${id}`]: () => {
        products = products.filter((p) => p._id !== id);
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Pallet Jack');
    await userEvent.click(row('Pallet Jack').getByRole('button', { name: 'Delete Pallet Jack' }));
    expect(confirm).toHaveBeenCalledWith('Are You sure Want to delete this product?');
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: `/deleteproduct/${id}`, authorization: 'Bearer admin-token' });
    await vi.waitFor(() => expect(screen.queryByText('Pallet Jack')).not.toBeInTheDocument());
    expect(listCalls(fake.calls)).toHaveLength(2);
    expect(await screen.findByText('The product was deleted.')).toBeInTheDocument();
  });

  it('Delete does nothing when the admin cancels', async () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    const fake = api();
    renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Pallet Jack');
    await userEvent.click(row('Pallet Jack').getByRole('button', { name: 'Delete Pallet Jack' }));
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('Edit opens a form with the product’s values and saves only the changed fields through PUT /service/{id}', async () => {
    const id = products[0]!._id;
    const fake = api({
      [`PUT /service/${id}`]: ({ body }) => {
        products = products.map((p) => (p._id === id ? { ...p, ...(body as Partial<Product>) } : p));
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      },
    });
    renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Diesel Generator');
    await userEvent.click(row('Diesel Generator').getByRole('button', { name: 'Edit Diesel Generator' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Diesel Generator' }));
    expect(dialog.getByLabelText(/^Price/)).toHaveValue('14900');
    expect(dialog.getByLabelText(/^Available Quantity/)).toHaveValue('12');
    expect(dialog.getByLabelText(/^Minimum Quantity/)).toHaveValue('1');
    expect(dialog.getByLabelText(/^Description/)).toHaveValue('Machine number 1.');
    expect(dialog.getByRole('img', { name: 'The current image' })).toHaveAttribute('src', 'http://localhost:5000/images/1');

    await userEvent.clear(dialog.getByLabelText(/^Price/));
    await userEvent.type(dialog.getByLabelText(/^Price/), '13999.99');
    await userEvent.clear(dialog.getByLabelText(/^Available Quantity/));
    await userEvent.type(dialog.getByLabelText(/^Available Quantity/), '8');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = fake.calls.find((c) => c.method === 'PUT')!;
    expect(put).toMatchObject({ path: `/service/${id}`, authorization: 'Bearer admin-token' });
    // the changed fields, and the updatedAt the admin's copy has (a product changed meanwhile is not overwritten)
    expect(put.body).toEqual({ price: 13999.99, avaialbequantit: 8, updatedAt: '2026-01-05T09:00:00Z' });
    expect(await screen.findByText('$13,999.99')).toBeInTheDocument();
    expect(await screen.findByText('The product was updated.')).toBeInTheDocument();
  });

  it('Edit with a new picture uploads it first and sends its URL', async () => {
    const id = products[0]!._id;
    const fake = api({
      'POST /upload': () => jsonResponse({ success: true, data: { url: 'http://localhost:5000/images/new' } }, { status: 201 }),
      [`PUT /service/${id}`]: () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }),
    });
    renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Diesel Generator');
    await userEvent.click(row('Diesel Generator').getByRole('button', { name: 'Edit Diesel Generator' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.upload(dialog.getByLabelText(/^Image/), new File([new Uint8Array([1, 2, 3])], 'new.webp', { type: 'image/webp' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    const writes = fake.calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /upload', `PUT /service/${id}`]);
    expect(writes[1]!.body).toEqual({ image: 'http://localhost:5000/images/new', updatedAt: '2026-01-05T09:00:00Z' });
  });

  it('Edit with nothing changed sends nothing and closes', async () => {
    const fake = api();
    renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Diesel Generator');
    await userEvent.click(row('Diesel Generator').getByRole('button', { name: 'Edit Diesel Generator' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('Cancel closes the form without saving', async () => {
    const fake = api();
    renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Diesel Generator');
    await userEvent.click(row('Diesel Generator').getByRole('button', { name: 'Edit Diesel Generator' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.clear(dialog.getByLabelText(/^Price/));
    await userEvent.type(dialog.getByLabelText(/^Price/), '1');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  /** The store's guard: a save names the version it was based on (updatedAt); another one is refused with 409. */
  function versionedApi() {
    const id = products[0]!._id;
    const fake = api({
      [`GET /service/${id}`]: () => jsonResponse(products[0]),
      [`PUT /service/${id}`]: ({ body }) => {
        const { updatedAt, ...changes } = body as Partial<Product>;
        if (updatedAt !== products[0]!.updatedAt) return problemResponse(409, 'The product changed while you were editing it.');
        products[0] = { ...products[0]!, ...changes, updatedAt: '2026-01-05T09:10:00Z' };
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      },
    });
    /** An order takes 2 pieces between the dialog's opening and its Save. */
    const orderTakesTwo = () => {
      products[0] = { ...products[0]!, avaialbequantit: products[0]!.avaialbequantit - 2, updatedAt: '2026-01-05T09:05:00Z' };
    };
    return { id, fake, orderTakesTwo, puts: () => fake.calls.filter((c) => c.method === 'PUT').map((c) => c.body) };
  }

  it('a 409 (an order took stock meanwhile, through the ?edit= link): the changed field beside the admin’s value; stale stock is never sent with the new version', async () => {
    const { id, orderTakesTwo, puts } = versionedApi();
    renderWithProviders(<ManageProductsTable />, { route: `/dashboard/manageproduct?edit=${id}` });
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Diesel Generator' }));
    expect(dialog.getByLabelText(/^Available Quantity/)).toHaveValue('12');
    orderTakesTwo();
    await userEvent.clear(dialog.getByLabelText(/^Price/));
    await userEvent.type(dialog.getByLabelText(/^Price/), '15000');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));

    const conflict = within(await dialog.findByTestId('conflict'));
    expect(conflict.getByRole('alert')).toHaveTextContent('Changed by someone else while you were editing');
    expect(dialog.queryByTestId('conflict-price')).not.toBeInTheDocument(); // the store did not change the price
    const stock = within(dialog.getByTestId('conflict-avaialbequantit'));
    expect(stock.getByRole('radio', { name: 'Keep mine: 12 pcs' })).not.toBeChecked();
    expect(stock.getByRole('radio', { name: 'Take the saved one: 10 pcs' })).not.toBeChecked();

    // Saving again before choosing sends nothing (on today's main it sent stock 12 with the fresh version).
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await conflict.findByText('Choose yours or the saved value for each field that changed, then save again.')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);

    await userEvent.click(stock.getByRole('radio', { name: 'Take the saved one: 10 pcs' }));
    expect(dialog.getByLabelText(/^Available Quantity/)).toHaveValue('10');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts()).toEqual([
      { price: 15000, updatedAt: '2026-01-05T09:00:00Z' },
      { price: 15000, updatedAt: '2026-01-05T09:05:00Z' },
    ]);
    expect(products[0]).toMatchObject({ price: 15000, avaialbequantit: 10 });
  });

  it('a 409: Keep mine sends the admin’s value, with the version the form is now based on', async () => {
    const { orderTakesTwo, puts } = versionedApi();
    renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Diesel Generator');
    await userEvent.click(row('Diesel Generator').getByRole('button', { name: 'Edit Diesel Generator' }));
    const dialog = within(await screen.findByRole('dialog'));
    orderTakesTwo();
    await userEvent.clear(dialog.getByLabelText(/^Available Quantity/));
    await userEvent.type(dialog.getByLabelText(/^Available Quantity/), '40');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    const stock = within(await dialog.findByTestId('conflict-avaialbequantit'));
    await userEvent.click(stock.getByRole('radio', { name: 'Keep mine: 40 pcs' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts().at(-1)).toEqual({ avaialbequantit: 40, updatedAt: '2026-01-05T09:05:00Z' });
  });

  it('a 409 whose store copy differs in nothing the form shows: says so, and the next Save sends the new version', async () => {
    const { id, puts } = versionedApi();
    renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Diesel Generator');
    await userEvent.click(row('Diesel Generator').getByRole('button', { name: 'Edit Diesel Generator' }));
    const dialog = within(await screen.findByRole('dialog'));
    products[0] = { ...products[0]!, updatedAt: '2026-01-05T09:07:00Z' };
    await userEvent.clear(dialog.getByLabelText(/^Price/));
    await userEvent.type(dialog.getByLabelText(/^Price/), '15000');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('It was saved by someone else meanwhile, with the same values you see. Save again to apply your changes.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts().at(-1)).toEqual({ price: 15000, updatedAt: '2026-01-05T09:07:00Z' });
    expect(id).toBe(products[0]?._id);
  });

  it('shows the server’s per-field problems in the form', async () => {
    const id = products[0]!._id;
    api({ [`PUT /service/${id}`]: () => problemResponse(400, 'The product is not valid.', { minimumquantity: 'must be at least 1' }) });
    renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Diesel Generator');
    await userEvent.click(row('Diesel Generator').getByRole('button', { name: 'Edit Diesel Generator' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.clear(dialog.getByLabelText(/^Minimum Quantity/));
    await userEvent.type(dialog.getByLabelText(/^Minimum Quantity/), '3');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(dialog.getByLabelText(/^Minimum Quantity/)).toHaveAccessibleDescription('Minimum Quantity must be at least 1'));
    expect(await screen.findByText('Failed to update the Product: The product is not valid.')).toBeInTheDocument();
  });

  it('?edit={id} (the Sales page’s low-stock link) opens that product’s edit dialog, even off the first page; closing it drops the parameter', async () => {
    products = Array.from({ length: 130 }, (_, i) => product(i + 1));
    const target = products[120]!;
    const fake = api({ [`GET /service/${target._id}`]: () => jsonResponse(target) });
    renderWithProviders(<ManageProductsTable />, { route: `/dashboard/manageproduct?edit=${target._id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Machine 121' });
    expect(within(dialog).getByLabelText(/^Available Quantity/)).toHaveValue(String(target.avaialbequantit));
    expect(fake.calls.some((c) => c.path === `/service/${target._id}`)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Machine 1')).toBeInTheDocument();
  });
});
