import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { CompanyQuotes } from './company-quotes';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CompanyQuotes', () => {
  it('lists the quotes of the company’s members with who asked, when, their state and items (issue 45)', async () => {
    const quote = (n: number, email: string, status: string) => ({
      _id: `q${n}`, number: n, email, name: 'Bob', message: 'A price?', status, createdAt: '2026-11-20T10:00:00Z', revision: 0,
      items: [{ productId: 'p1', productName: 'Rock drill', quantity: 2 }],
    });
    const fake = fakeApi({
      'GET /companies/c1/quotes': () => jsonResponse([quote(8, 'bob@quarry.test', 'requested'), quote(7, 'ann@quarry.test', 'accepted')], { headers: { 'X-Total-Count': '2' } }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<CompanyQuotes companyId="c1" />);
    const rows = await screen.findAllByTestId('company-quote');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Quote #8')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('By bob@quarry.test')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Awaiting a price')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Accepted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Rock drill × 2')).toBeInTheDocument();
    expect(fake.calls[0]?.path).toBe('/companies/c1/quotes?limit=20&skip=0');
  });

  it('says when there are none', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /companies/c1/quotes': () => jsonResponse([], { headers: { 'X-Total-Count': '0' } }) }).fetch);
    renderWithProviders(<CompanyQuotes companyId="c1" />);
    expect(await screen.findByText('No quotes yet.')).toBeInTheDocument();
  });
});
