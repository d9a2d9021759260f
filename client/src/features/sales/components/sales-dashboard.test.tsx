import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { SalesReport } from '../api/get-sales';
import { emptyReport, makeReport } from '../testing/make-report';
import { SalesDashboard } from './sales-dashboard';

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(report: SalesReport | (() => Response | Promise<Response>)) {
  const fake = fakeApi({ 'GET /admin/sales': typeof report === 'function' ? report : () => jsonResponse(report) });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const tile = (label: string) => within(screen.getByText(label).closest('li')!);
const salesCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/admin/sales')).map((c) => c.path);

describe('SalesDashboard', () => {
  it('asks for six months with the admin’s token, and shows this month’s revenue, paid purchases with their orders, and the unpaid amount', async () => {
    const fake = api(makeReport());
    renderWithProviders(<SalesDashboard />);
    expect(await screen.findByText('Revenue this month')).toBeInTheDocument();
    expect(fake.calls).toContainEqual(expect.objectContaining({ path: '/admin/sales?months=6', authorization: 'Bearer admin-token' })); // the session may ask GET /auth/me first
    expect(tile('Revenue this month').getByText('$15,140.50')).toBeInTheDocument();
    expect(tile('Revenue this month').getByText('In Mar 2025')).toBeInTheDocument();
    // A cart of two products and a single order: 2 purchases, 3 orders.
    expect(tile('Paid purchases this month').getByText('2')).toBeInTheDocument();
    expect(tile('Paid purchases this month').getByText('3 orders · In Mar 2025')).toBeInTheDocument();
    expect(tile('Unpaid').getByText('$14,900')).toBeInTheDocument();
    expect(tile('Unpaid').getByText('1 unpaid order')).toBeInTheDocument();
  });

  it('draws revenue by month as bars, named, with the figures as a table for screen readers', async () => {
    api(makeReport());
    const { container } = renderWithProviders(<SalesDashboard />);
    const chart = await screen.findByRole('img', { name: 'Bar chart of paid revenue by month, Oct 2024 to Mar 2025: $44,940.50 in all' });
    // The lazy recharts chunk draws a bar for each month with revenue (February and March).
    await vi.waitFor(() => expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2), { timeout: 5000 });
    expect(container.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick')).toHaveLength(6);

    const table = screen.getByRole('table', { name: 'Paid revenue by month, Oct 2024 to Mar 2025' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Month', 'Revenue', 'Paid purchases', 'Paid orders', 'Units']);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Oct 2024');
    expect(rows[1]).toHaveTextContent('$0');
    expect(within(rows[6]!).getByRole('rowheader')).toHaveTextContent('Mar 2025');
    expect(within(rows[6]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$15,140.50', '2', '3', '7']);
  });

  it('lists the top products by revenue with their units', async () => {
    api(makeReport());
    renderWithProviders(<SalesDashboard />);
    const table = await screen.findByRole('table', { name: 'Top products by revenue' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Product', 'Units', 'Revenue']);
    expect(rows.slice(1).map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Diesel Generator 60 kVA', '3', '$44,700'],
      ['Pallet Jack', '1', '$200'],
      ['Deep Groove Ball Bearing 6205-2RS', '5', '$40.50'],
    ]);
  });

  it('lists the products low on stock, each with a link to edit it in Manage Products', async () => {
    api(makeReport());
    renderWithProviders(<SalesDashboard />);
    const item = (await screen.findByText('MIG Welder 250A')).closest('li')!;
    expect(screen.getByRole('region', { name: 'Low on stock' })).toContainElement(item);
    expect(item).toHaveTextContent('1 pcs in stock, minimum order 2 pcs');
    const link = within(item).getByRole('link', { name: 'Edit MIG Welder 250A in Manage Products' });
    expect(link).toHaveAttribute('href', '/dashboard/manageproduct?edit=64b7f0c2a1b2c3d4e5f60009');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/manageproduct');
  });

  it('says so when there are no paid orders and nothing is low on stock (no chart drawn)', async () => {
    api(emptyReport());
    renderWithProviders(<SalesDashboard />);
    expect(await screen.findByText('No paid orders yet in this period. Revenue shows here once customers pay.')).toBeInTheDocument();
    expect(screen.getByText('No products sold yet in this period.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is low on stock.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(tile('Revenue this month').getByText('$0')).toBeInTheDocument();
    expect(tile('Paid purchases this month').getByText('0')).toBeInTheDocument();
    expect(tile('Unpaid').getByText('0 unpaid orders')).toBeInTheDocument();
  });

  it('shows skeletons and a loading status while the figures load', async () => {
    let answer: ((response: Response) => void) | undefined;
    api(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { container } = renderWithProviders(<SalesDashboard />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the sales figures…');
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(5);
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer!(jsonResponse(makeReport()));
    expect(await screen.findByText('Revenue this month')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(0);
  });

  it('asks for 3, 6, 12 or 24 months', async () => {
    const fake = api(makeReport());
    renderWithProviders(<SalesDashboard />);
    await screen.findByText('Revenue this month');
    const period = screen.getByRole('combobox', { name: 'Period' });
    expect([...period.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['3 months', '6 months', '12 months', '24 months']);
    await userEvent.selectOptions(period, '12 months');
    await vi.waitFor(() => expect(salesCalls(fake.calls)).toEqual(['/admin/sales?months=6', '/admin/sales?months=12']));
  });

  it('shows an error with a retry when the figures cannot be loaded', async () => {
    let fail = true;
    api(() => (fail ? problemResponse(500, 'Internal error.') : jsonResponse(makeReport())));
    renderWithProviders(<SalesDashboard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the sales figures right now.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Revenue this month')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
