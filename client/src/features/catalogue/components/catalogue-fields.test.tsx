import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { EditProductDialog } from './edit-product-dialog';

const ID = '64b7f0c2a1b2c3d4e5f60001';
const product = makeProduct({
  _id: ID,
  name: 'Hydrualic Press',
  sku: 'HP-200',
  category: 'Presses',
  specs: [
    { name: 'Force', value: '200', unit: 't' },
    { name: 'Weight', value: '4.2', unit: 't' },
    { name: 'Frame', value: 'welded steel' },
  ],
});

let fake: ReturnType<typeof fakeApi>;
let putAnswer: () => Response;

beforeEach(() => {
  putAnswer = () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
  fake = fakeApi({
    'GET /categories': () =>
      jsonResponse([
        { _id: '64b7f0c2a1b2c3d4e5f6aa01', name: 'Presses', count: 1 },
        { _id: '64b7f0c2a1b2c3d4e5f6aa02', name: 'Shears', count: 0 },
      ]),
    [`PUT /service/${ID}`]: () => putAnswer(),
    'POST /upload': () => jsonResponse({ success: true, data: { url: 'https://example.com/new.png' } }, { status: 201 }),
  });
  vi.stubGlobal('fetch', fake.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const putBody = () => fake.calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown> | undefined;
const specNames = () => within(screen.getByTestId('spec-rows')).getAllByRole('textbox', { name: /^Name \d/ }).map((f) => (f as HTMLInputElement).value);

describe('the product form’s catalogue fields (edit dialog)', () => {
  it('fixes the name, and moves, removes and adds specifications: the whole list is sent in its new order', async () => {
    const onClose = vi.fn();
    renderWithProviders(<EditProductDialog product={product} onClose={onClose} />);
    const name = screen.getByRole('textbox', { name: /Product Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Hydraulic Press');
    expect(specNames()).toEqual(['Force', 'Weight', 'Frame']);
    await userEvent.click(screen.getByRole('button', { name: 'Move specification 3 up' }));
    expect(specNames()).toEqual(['Force', 'Frame', 'Weight']);
    await userEvent.click(screen.getByRole('button', { name: 'Move specification 1 down' }));
    expect(specNames()).toEqual(['Frame', 'Force', 'Weight']);
    expect(screen.getByRole('button', { name: 'Move specification 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move specification 3 down' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove specification 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add specification' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name 3' }), 'Stroke');
    await userEvent.type(screen.getByRole('textbox', { name: 'Value 3' }), '400');
    await userEvent.type(screen.getByRole('textbox', { name: 'Unit 3' }), 'mm');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(putBody()).toEqual({
      name: 'Hydraulic Press',
      specs: [
        { name: 'Frame', value: 'welded steel' },
        { name: 'Force', value: '200', unit: 't' },
        { name: 'Stroke', value: '400', unit: 'mm' },
      ],
      updatedAt: product.updatedAt,
    });
  });

  it('asks for a name and a value in a new specification row', async () => {
    renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add specification' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.getAllByText('Enter a name and a value')).toHaveLength(2));
    expect(putBody()).toBeUndefined();
  });

  it('changes the category and the SKU, and shows a duplicate SKU’s 409 next to the SKU field', async () => {
    putAnswer = () => problemResponse(409, 'Another product has the SKU HP-100.');
    renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Shears' }));
    const sku = screen.getByRole('textbox', { name: 'SKU' });
    await userEvent.clear(sku);
    await userEvent.type(sku, 'HP-100');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Another product has the SKU HP-100.')).toBeInTheDocument();
    expect(sku).toHaveAccessibleDescription('Another product has the SKU HP-100.');
    expect(putBody()).toEqual({ sku: 'HP-100', category: 'Shears', updatedAt: product.updatedAt });
    expect(screen.queryByText(/changed while you were editing/)).not.toBeInTheDocument();
  });

  it('reorders, removes and adds pictures after the main one: the new ones are uploaded, and images starts with image', async () => {
    const pictures = ['https://example.com/a.jpg', 'https://example.com/b.jpg', 'https://example.com/c.jpg'];
    const onClose = vi.fn();
    renderWithProviders(<EditProductDialog product={{ ...product, image: pictures[0]!, images: pictures, specs: [] }} onClose={onClose} />);
    const list = () => within(screen.getByTestId('extra-pictures')).getAllByRole('img').map((img) => img.getAttribute('src'));
    expect(list()).toEqual(['https://example.com/b.jpg', 'https://example.com/c.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Move picture 3 earlier' }));
    expect(list()).toEqual(['https://example.com/c.jpg', 'https://example.com/b.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture 3' }));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'press.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Add pictures'), [png]);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.calls.filter((c) => c.path === '/upload')).toHaveLength(1);
    expect(putBody()).toEqual({ images: ['https://example.com/a.jpg', 'https://example.com/c.jpg', 'https://example.com/new.png'], updatedAt: product.updatedAt });
  });
});
