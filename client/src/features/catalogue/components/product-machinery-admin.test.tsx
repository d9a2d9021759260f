import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { ProductMachineryAdmin } from './product-machinery-admin';

const MACHINE = '64b7f0c2a1b2c3d4e5f60901';
const FILTER = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60902', name: 'Oil Filter', sku: 'OF-1' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductMachineryAdmin', () => {
  it('uploads a PDF with its name and kind, and deletes a document', async () => {
    const fake = fakeApi({
      [`POST /service/${MACHINE}/documents`]: () => jsonResponse({ _id: '64b7f0c2a1b2c3d4e5f60911', name: 'Manual', kind: 'manual', size: 9 }, { status: 201 }),
      [`DELETE /service/${MACHINE}/documents/64b7f0c2a1b2c3d4e5f60912`]: () => jsonResponse({ acknowledged: true, deletedCount: 1 }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    const onChanged = vi.fn();
    const product = makeProduct({ _id: MACHINE, documents: [{ _id: '64b7f0c2a1b2c3d4e5f60912', name: 'Old sheet', kind: 'datasheet', size: 2048 }] });
    renderWithProviders(<ProductMachineryAdmin product={product} onChanged={onChanged} />);
    expect(screen.getByText('Old sheet (Datasheet, PDF, 2 KB)')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Document name is Required');
    await user.type(screen.getByRole('textbox', { name: 'Document name' }), 'Manual');
    await user.upload(screen.getByLabelText('PDF file'), new File(['%PDF-1.4'], 'manual.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    const post = fake.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/service/${MACHINE}/documents`);
    await user.click(screen.getByRole('button', { name: 'Delete document Old sheet' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
  });

  it('saves spare parts named by SKU as ids, and names a SKU no product has', async () => {
    const fake = fakeApi({
      'GET /service': ({ url }) => jsonResponse(url.searchParams.get('q')?.toUpperCase() === 'OF-1' ? [FILTER] : []),
      [`PUT /service/${MACHINE}`]: () => jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    const onChanged = vi.fn();
    renderWithProviders(<ProductMachineryAdmin product={makeProduct({ _id: MACHINE })} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Spare parts' }), 'OF-1, NOPE-9');
    await user.click(screen.getByRole('button', { name: 'Save spare parts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No product has the SKU NOPE-9');
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(screen.getByRole('textbox', { name: 'Spare parts' }));
    await user.type(screen.getByRole('textbox', { name: 'Spare parts' }), 'of-1');
    await user.type(screen.getByRole('textbox', { name: 'OEM part numbers' }), '1R-0750, 093-7521');
    await user.click(screen.getByRole('button', { name: 'Save spare parts' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({ parts: [FILTER._id], accessories: [], oemNumbers: ['1R-0750', '093-7521'] });
  });

  it('shows why the server refused a document', async () => {
    vi.stubGlobal('fetch', fakeApi({ [`POST /service/${MACHINE}/documents`]: () => problemResponse(400, 'The file is not a PDF.') }).fetch);
    renderWithProviders(<ProductMachineryAdmin product={makeProduct({ _id: MACHINE })} onChanged={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Document name' }), 'Manual');
    await user.upload(screen.getByLabelText('PDF file'), new File(['hello'], 'manual.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The document was not uploaded: The file is not a PDF.');
  });
});
