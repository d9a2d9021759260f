import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { ExportOrdersForm } from './export-orders-form';

const CSV = 'number,createdAt,email,name,productName,productQuantity,productPrice,amount,paid,transactionId,shipped,shippedAt,address,mobile,tax,group,carrier,trackingNumber\r\n';

let downloads: { href: string; download: string }[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  // Only Date is faked: "today" is 18 March 2025 (UTC).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-18T15:00:00Z'));
  downloads = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:orders'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function api(response: () => Response) {
  const fake = fakeApi({ 'GET /admin/orders.csv': response });
  vi.stubGlobal('fetch', fake.fetch);
  // Only the export's calls (the app's providers also ask who is signed in).
  return {
    get calls() {
      return fake.calls.filter((c) => c.path.startsWith('/admin/orders.csv'));
    },
  };
}

const csvResponse = () =>
  new Response(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="orders-2025-03-01-to-2025-03-18.csv"' } });

describe('ExportOrdersForm', () => {
  it('offers this month so far: from the first of the month to today (UTC)', () => {
    api(csvResponse);
    renderWithProviders(<ExportOrdersForm />);
    expect(screen.getByLabelText('From')).toHaveValue('2025-03-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-03-18');
  });

  it('Export CSV fetches the range with the admin’s token and downloads it under the server’s file name', async () => {
    const fake = api(csvResponse);
    renderWithProviders(<ExportOrdersForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded orders-2025-03-01-to-2025-03-18.csv.')).toBeInTheDocument();
    expect(fake.calls).toEqual([expect.objectContaining({ method: 'GET', path: '/admin/orders.csv?from=2025-03-01&to=2025-03-18', authorization: 'Bearer admin-token' })]);
    expect(downloads).toEqual([{ href: 'blob:orders', download: 'orders-2025-03-01-to-2025-03-18.csv' }]);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the mock's recorded calls are read, the method is not called
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe(CSV);
  });

  it('sends the dates the admin chose', async () => {
    const fake = api(csvResponse);
    renderWithProviders(<ExportOrdersForm />);
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2024-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(fake.calls[0]!.path).toBe('/admin/orders.csv?from=2024-12-01&to=2025-03-18');
  });

  it('refuses a start date after the end date, without asking the server', async () => {
    const fake = api(csvResponse);
    renderWithProviders(<ExportOrdersForm />);
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2025-03-19');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls).toEqual([]);
    expect(downloads).toEqual([]);
    // Changing a date clears the message.
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2025-03-02');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for both dates', async () => {
    const fake = api(csvResponse);
    renderWithProviders(<ExportOrdersForm />);
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose both dates.');
    expect(fake.calls).toEqual([]);
  });

  it('shows the server’s reason when the export fails, and downloads nothing', async () => {
    api(() => problemResponse(400, 'from must be on or before to'));
    renderWithProviders(<ExportOrdersForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The orders could not be exported: from must be on or before to');
    expect(downloads).toEqual([]);
  });
});
