import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TaxExemption } from '@/types/api';
import { fakeApi, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ManageTaxExemptions } from './manage-tax-exemptions';

const pending: TaxExemption = {
  _id: 'e1', email: 'ann@shop.test', name: 'Ann', number: 'RS-4471-88', country: 'US', status: 'pending',
  certificate: { filename: 'resale.pdf', contentType: 'application/pdf', size: 120 }, createdAt: '2026-11-27T10:00:00Z',
};

describe('ManageTaxExemptions', () => {
  it('lists the pending certificates; a decline needs a reason; approves and declines with the reason sent', async () => {
    let list = [pending, { ...pending, _id: 'e2', email: 'bob@shop.test', name: 'Bob', number: 'EX-9' }];
    const fake = fakeApi({
      'GET /tax-exemptions': ({ url }) => jsonResponse(list.filter((e) => !url.searchParams.get('status') || e.status === url.searchParams.get('status')), { headers: { 'X-Total-Count': String(list.length) } }),
      'PATCH /tax-exemptions/e1': ({ body }) => {
        list = list.map<TaxExemption>((e) => (e._id === 'e1' ? { ...e, ...(body as Partial<TaxExemption>) } : e));
        return jsonResponse(list[0]);
      },
      'PATCH /tax-exemptions/e2': ({ body }) => {
        list = list.map<TaxExemption>((e) => (e._id === 'e2' ? { ...e, ...(body as Partial<TaxExemption>) } : e));
        return jsonResponse(list[1]);
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<ManageTaxExemptions />);
    const ann = await screen.findByRole('article', { name: 'Certificate RS-4471-88 (US)' });
    expect(fake.calls[0]?.path).toBe('/tax-exemptions?status=pending&limit=100');
    expect(within(ann).getByText('Ann (ann@shop.test)')).toBeInTheDocument();
    expect(within(ann).getByRole('button', { name: 'View certificate RS-4471-88' })).toBeInTheDocument();

    const bob = screen.getByRole('article', { name: 'Certificate EX-9 (US)' });
    await userEvent.click(within(bob).getByRole('button', { name: 'Decline certificate EX-9' }));
    expect(within(bob).getByText('Give the buyer a reason to decline')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await userEvent.type(within(bob).getByRole('textbox', { name: /^Reason/ }), 'Expired.');
    await userEvent.click(within(bob).getByRole('button', { name: 'Decline certificate EX-9' }));
    expect(await screen.findByText('Certificate EX-9 declined.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/tax-exemptions/e2')?.body).toEqual({ status: 'declined', reason: 'Expired.' });

    await userEvent.click(within(ann).getByRole('button', { name: 'Approve certificate RS-4471-88' }));
    expect(await screen.findByText('Certificate RS-4471-88 approved.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/tax-exemptions/e1')?.body).toEqual({ status: 'approved' });
    expect(await screen.findByText('No tax exemptions here.')).toBeInTheDocument();
  });
});
