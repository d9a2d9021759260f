import { getDefaultNormalizer, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/types/api';
import { AddProductForm } from './add-product-form';

const admin: User = { _id: 'a1', email: 'ann@example.com', name: 'Ann Admin', role: 'admin', provider: 'password', createdAt: '' };
const IMAGE_URL = 'http://localhost:5000/images/64b7f0c2a1b2c3d4e5f60799';

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: admin }),
    'POST /upload': () => jsonResponse({ success: true, data: { url: IMAGE_URL } }, { status: 201 }),
    'POST /added': () => jsonResponse({ acknowledged: true, insertedId: '64b7f0c2a1b2c3d4e5f60711' }, { status: 201 }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'press.png', { type: 'image/png' });
const field = (label: RegExp) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Add Product' });
/** The spec's messages keep their odd spacing: compare the text as it is. */
const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false, trim: false }) };

async function fillForm(overrides: Partial<Record<'name' | 'price' | 'available' | 'minimum' | 'description', string>> = {}) {
  const v = { name: 'Hydraulic Press 30T', price: '1250.50', available: '10', minimum: '2', description: 'A 30-tonne shop press.', ...overrides };
  await userEvent.type(field(/^Product Name/), v.name);
  await userEvent.type(field(/^Price/), v.price);
  await userEvent.type(field(/^Available Quantity/), v.available);
  await userEvent.type(field(/^Minimum Quantity/), v.minimum);
  await userEvent.type(field(/^Description/), v.description);
  await userEvent.upload(field(/^Image/), png());
}

describe('AddProductForm', () => {
  it('shows the account’s email, read-only', async () => {
    api();
    renderWithProviders(<AddProductForm />);
    await vi.waitFor(() => expect(field(/^Email/)).toHaveValue('ann@example.com'));
    expect(field(/^Email/)).toHaveAttribute('readonly');
  });

  it('says what each empty field needs, in the spec’s words, and sends nothing', async () => {
    const fake = api();
    renderWithProviders(<AddProductForm />);
    await userEvent.click(submit());
    expect(screen.getByText('Product Name  is Required', exactly)).toBeInTheDocument();
    expect(field(/^Product Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Price/)).toHaveAccessibleDescription('Price is Required');
    expect(field(/^Available Quantity/)).toHaveAccessibleDescription('Available Quantity is Required');
    expect(field(/^Minimum Quantity/)).toHaveAccessibleDescription('Minimum Quantity is Required');
    expect(field(/^Description/)).toHaveAccessibleDescription('description is Required');
    expect(field(/^Image/)).toHaveAccessibleDescription('Image is Required');
    expect(field(/^Image/)).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('checks the numbers: a price above 0 with at most 2 decimals, whole quantities, a minimum of at least 1', async () => {
    const fake = api();
    renderWithProviders(<AddProductForm />);
    await fillForm({ price: '12.345', available: '1.5', minimum: '0' });
    await userEvent.click(submit());
    expect(field(/^Price/)).toHaveAccessibleDescription('Enter a price above 0 with at most 2 decimals');
    expect(field(/^Available Quantity/)).toHaveAccessibleDescription('Enter a whole number');
    expect(field(/^Minimum Quantity/)).toHaveAccessibleDescription('The minimum is at least 1');

    await userEvent.clear(field(/^Price/));
    await userEvent.type(field(/^Price/), 'abc');
    expect(field(/^Price/)).toHaveAccessibleDescription('Enter a price above 0 with at most 2 decimals');
    await userEvent.clear(field(/^Price/));
    await userEvent.type(field(/^Price/), '0');
    expect(field(/^Price/)).toHaveAccessibleDescription('Enter a price above 0 with at most 2 decimals');
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a file that is not a JPEG, PNG, WebP or GIF image, or is over 5 MB, before sending anything', async () => {
    const fake = api();
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<AddProductForm />);
    await user.upload(field(/^Image/), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(field(/^Image/)).toHaveAccessibleDescription('Only JPEG, PNG, WebP and GIF images are accepted.');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(field(/^Image/), big);
    expect(field(/^Image/)).toHaveAccessibleDescription('The image is larger than 5 MB.');
    expect(screen.getByText(/huge\.jpg/)).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/upload')).toBe(false);
  });

  it('uploads the image first, then sends the product with its URL and numbers; toasts success and clears the form', async () => {
    const fake = api();
    renderWithProviders(<AddProductForm />);
    await fillForm();
    await userEvent.click(submit());

    expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
    const posts = fake.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/upload', '/added']);
    expect(posts[0]!.authorization).toBe('Bearer admin-token');
    const sent = (posts[0]!.body as FormData).get('image') as File;
    expect(sent.name).toBe('press.png');
    expect(posts[1]!.body).toEqual({
      name: 'Hydraulic Press 30T',
      price: 1250.5,
      avaialbequantit: 10,
      minimumquantity: 2,
      description: 'A 30-tonne shop press.',
      image: IMAGE_URL,
    });
    await vi.waitFor(() => expect(field(/^Product Name/)).toHaveValue(''));
    expect(field(/^Price/)).toHaveValue('');
  });

  it('toasts Failed to add the Product with the server’s reason (409: the name is taken)', async () => {
    api({ 'POST /added': () => problemResponse(409, 'A product with this name already exists.') });
    renderWithProviders(<AddProductForm />);
    await fillForm();
    await userEvent.click(submit());
    expect(await screen.findByText('Failed to add the Product: A product with this name already exists.')).toBeInTheDocument();
    expect(field(/^Product Name/)).toHaveValue('Hydraulic Press 30T');
    expect(screen.queryByText('Product added successfully')).not.toBeInTheDocument();
  });

  it('toasts Failed to add the Product when the answer has no insertedId', async () => {
    api({ 'POST /added': () => jsonResponse({ acknowledged: false }, { status: 201 }) });
    renderWithProviders(<AddProductForm />);
    await fillForm();
    await userEvent.click(submit());
    expect(await screen.findByText('Failed to add the Product')).toBeInTheDocument();
  });

  it('puts the server’s per-field problems under the fields', async () => {
    api({
      'POST /added': () =>
        problemResponse(400, 'The product is not valid.', { price: 'must have at most 2 decimals', minimumquantity: 'must be at least 1' }),
    });
    renderWithProviders(<AddProductForm />);
    await fillForm();
    await userEvent.click(submit());
    await vi.waitFor(() => expect(field(/^Price/)).toHaveAccessibleDescription('Price must have at most 2 decimals'));
    expect(field(/^Minimum Quantity/)).toHaveAccessibleDescription('Minimum Quantity must be at least 1');
    expect(await screen.findByText('Failed to add the Product: The product is not valid.')).toBeInTheDocument();
  });

  it('a refused upload toasts the server’s reason and sends no product', async () => {
    const fake = api({ 'POST /upload': () => problemResponse(415, 'Only JPEG, PNG, WebP and GIF images are accepted.') });
    renderWithProviders(<AddProductForm />);
    await fillForm();
    await userEvent.click(submit());
    expect(await screen.findByText('The image could not be uploaded: Only JPEG, PNG, WebP and GIF images are accepted.')).toBeInTheDocument();
    expect(field(/^Image/)).toHaveAccessibleDescription('Only JPEG, PNG, WebP and GIF images are accepted.');
    expect(fake.calls.some((c) => c.path === '/added')).toBe(false);
  });
});
