import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/make-product';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Product } from '@/types/api';
import ProductExtras from './product-extras';

const MACHINE = '64b7f0c2a1b2c3d4e5f60801';
const FILTER = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60802', name: 'Oil Filter', price: 42.5 });
const BUCKET = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60803', name: 'Digging Bucket', price: 1200 });
const LOADER = makeProduct({ _id: '64b7f0c2a1b2c3d4e5f60804', name: 'Wheel Loader' });

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(routes: { fits?: () => Response; partOf?: () => Response }) {
  const fake = fakeApi({
    'GET /service': ({ url }) => {
      if (url.searchParams.has('fits')) return routes.fits ? routes.fits() : jsonResponse([]);
      return routes.partOf ? routes.partOf() : jsonResponse([]);
    },
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const action = (p: Product) => <button type="button">{`Add ${p.name}`}</button>;

describe('ProductExtras', () => {
  it('lists the documents with their kind and size, opening in a new tab', async () => {
    api({});
    const machine = makeProduct({
      _id: MACHINE,
      documents: [
        { _id: '64b7f0c2a1b2c3d4e5f60811', name: 'Operator manual', kind: 'manual', size: 2_400_000 },
        { _id: '64b7f0c2a1b2c3d4e5f60812', name: 'CE certificate', kind: 'certificate', size: 820_000 },
      ],
    });
    renderWithProviders(<ProductExtras product={machine} action={action} />);
    const section = screen.getByRole('region', { name: 'Documents' });
    const [manual, certificate] = within(section).getAllByRole('listitem');
    expect(manual).toHaveTextContent('Manual, PDF, 2.4 MB');
    expect(certificate).toHaveTextContent('Certificate, PDF, 820 KB');
    const link = within(section).getByRole('link', { name: /^Operator manual/ });
    expect(link).toHaveAttribute('href', expect.stringMatching(/\/documents\/64b7f0c2a1b2c3d4e5f60811$/));
    expect(link).toHaveAttribute('target', '_blank');
    expect(await screen.findByText('Operator manual')).toBeInTheDocument();
  });

  it('lists the spare parts and the accessories apart, each with its action, and asks for them once', async () => {
    const fake = api({ fits: () => jsonResponse([FILTER, BUCKET]) });
    const machine = makeProduct({ _id: MACHINE, parts: [FILTER._id], accessories: [BUCKET._id] });
    renderWithProviders(<ProductExtras product={machine} action={action} />);
    const parts = await screen.findByRole('region', { name: 'Spare parts' });
    expect(within(parts).getByRole('link', { name: 'Oil Filter' })).toHaveAttribute('href', `/product/${FILTER._id}`);
    expect(parts).toHaveTextContent('$42.50');
    expect(within(parts).getByRole('button', { name: 'Add Oil Filter' })).toBeInTheDocument();
    const accessories = screen.getByRole('region', { name: 'Accessories' });
    expect(within(accessories).getByRole('button', { name: 'Add Digging Bucket' })).toBeInTheDocument();
    expect(within(accessories).queryByText('Oil Filter')).not.toBeInTheDocument();
    expect([...new Set(fake.calls.map((c) => c.path))].sort()).toEqual([`/service?fits=${MACHINE}&limit=100`, `/service?partOf=${MACHINE}&limit=100`].sort());
    expect(screen.queryByRole('region', { name: 'Documents' })).not.toBeInTheDocument();
  });

  it('says which machines a part fits', async () => {
    const fake = api({ partOf: () => jsonResponse([makeProduct({ _id: MACHINE, name: 'Excavator 20 t' }), LOADER]) });
    renderWithProviders(<ProductExtras product={FILTER} action={action} />);
    const fits = await screen.findByTestId('product-fits');
    expect(fits).toHaveTextContent('Fits: Excavator 20 t, Wheel Loader');
    expect(within(fits).getByRole('link', { name: 'Wheel Loader' })).toHaveAttribute('href', `/product/${LOADER._id}`);
    // a product that lists no parts does not ask for them
    expect(fake.calls.map((c) => c.path)).toEqual([`/service?partOf=${FILTER._id}&limit=100`]);
  });

  it('says the spare parts could not be loaded', async () => {
    api({ fits: () => problemResponse(503, 'down') });
    renderWithProviders(<ProductExtras product={makeProduct({ _id: MACHINE, parts: [FILTER._id] })} action={action} />);
    expect(await screen.findByText('We could not load the spare parts right now.')).toBeInTheDocument();
  });
});
