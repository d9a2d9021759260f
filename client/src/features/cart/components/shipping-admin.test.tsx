import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { methodBody, ShippingAdmin } from './shipping-admin';

const ROAD = { _id: '64b7f0c2a1b2c3d4e5f6c001', name: 'Road', kind: 'delivery', countries: ['GB'], rates: [{ maxKg: 50, price: 25 }], freeOver: 10000, days: 4 };

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ShippingAdmin', () => {
  it('reads the form as the API’s body', () => {
    expect(methodBody({ name: ' Road ', kind: 'delivery', countries: 'gb, IE', rates: '50:25; 1000:180', freeOver: '', days: '4' })).toEqual({
      name: 'Road',
      kind: 'delivery',
      countries: ['gb', 'IE'],
      rates: [
        { maxKg: '50', price: '25' },
        { maxKg: '1000', price: '180' },
      ],
      days: 4,
    });
  });

  it('lists the methods, adds one (the server’s reasons per field on a refusal) and deletes one', async () => {
    let stored: { _id: string }[] = [ROAD];
    let refuse = true;
    const fake = fakeApi({
      'GET /shipping/methods': () => jsonResponse(stored),
      'POST /shipping/methods': ({ body }) => {
        if (refuse) return problemResponse(400, 'The shipping method is not valid.', { 'countries[0]': 'must be a two-letter country code, such as US or GB' });
        const added = { ...ROAD, _id: '64b7f0c2a1b2c3d4e5f6c002', name: (body as { name: string }).name, kind: 'pickup', countries: [], rates: [], freeOver: null, days: 0 };
        stored = [...stored, added];
        return jsonResponse(added, { status: 201 });
      },
      [`DELETE /shipping/methods/${ROAD._id}`]: () => {
        stored = stored.filter((x) => x._id !== ROAD._id);
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<ShippingAdmin />);
    expect(await screen.findByText('Delivery by weight band: GB; up to 50 kg $25; free from $10,000; 4 days')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Depot');
    await userEvent.type(screen.getByRole('textbox', { name: /^Countries/ }), 'GBR');
    await userEvent.click(screen.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('must be a two-letter country code, such as US or GB')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('Shipping method “Depot” added.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Road' }));
    expect(await screen.findByText('Shipping method “Road” deleted.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText(/^Delivery by weight band: GB/)).not.toBeInTheDocument());
  });
});
