import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { FreightPrice } from './freight-price';

const ID = '64b7f0c2a1b2c3d4e5f6b001';

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FreightPrice', () => {
  it('tells the buyer the freight is priced next, with nothing to fill in', () => {
    renderWithProviders(<FreightPrice purchaseId={ID} admin={false} />);
    expect(screen.getByRole('heading', { name: 'Freight price to follow' })).toBeInTheDocument();
    expect(screen.getByText(/Awaiting a freight price/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set the freight price' })).not.toBeInTheDocument();
  });

  it('an admin prices it with PUT /groups/{id}/freight; a refusal shows the server’s reason', async () => {
    let answer = () => problemResponse(400, 'The freight price is not valid.', { price: 'must not be negative' });
    const fake = fakeApi({ [`PUT /groups/${ID}/freight`]: () => answer() });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<FreightPrice purchaseId={ID} admin />);
    await userEvent.type(screen.getByTestId('freight-price-input'), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Set the freight price' }));
    expect(await screen.findByText('must not be negative')).toBeInTheDocument();
    answer = () => jsonResponse({ _id: ID });
    await userEvent.clear(screen.getByTestId('freight-price-input'));
    await userEvent.type(screen.getByTestId('freight-price-input'), '1200.50');
    await userEvent.click(screen.getByRole('button', { name: 'Set the freight price' }));
    expect(await screen.findByText('The freight is priced; the buyer is e-mailed and can pay now.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ price: '-5' }, { price: '1200.50' }]);
  });
});
