import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Statement as StatementData } from '@/types/api';
import AgingReport from './aging-report';
import { Statement, sumDollars } from './statement';

const statement: StatementData = {
  company: 'c1',
  name: 'Quarry Works Ltd',
  termsDays: 30,
  outstanding: 1800.1,
  creditLimit: 5000,
  available: 3199.9,
  aging: { current: 600, d1_30: 0, d31_60: 1200.1, d61_90: 0, d90plus: 0 },
  invoices: [
    { number: 12, amount: 600, issuedAt: '2026-11-20T10:00:00Z', dueDate: '2026-12-20T10:00:00Z', paid: false, daysOverdue: 0, poNumber: 'PO-12' },
    { number: 11, amount: 1200.1, issuedAt: '2026-09-01T10:00:00Z', dueDate: '2026-10-01T10:00:00Z', paid: false, daysOverdue: 57 },
    { number: 10, amount: 99.99, issuedAt: '2026-08-01T10:00:00Z', dueDate: '2026-08-31T10:00:00Z', paid: true, daysOverdue: 0 },
  ],
  payments: [],
};

beforeEach(() => window.localStorage.setItem('accessToken', 'tok'));
afterEach(() => vi.unstubAllGlobals());

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /auth/me': () => jsonResponse({ user: { _id: 'u1', email: 'boss@shop.test', name: 'Boss', role: 'admin' } }),
    'GET /companies/c1/statement': () => jsonResponse(statement),
    'GET /admin/aging': () =>
      jsonResponse([{ company: 'c1', name: 'Quarry Works Ltd', termsDays: 30, creditLimit: 5000, outstanding: 1800.1, aging: statement.aging }]),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('Statement', () => {
  it('shows the figures, the aging and each invoice, read-only for the company admin', async () => {
    api();
    renderWithProviders(<Statement companyId="c1" />);
    const figures = await screen.findByTestId('statement-figures');
    expect(figures).toHaveTextContent('Outstanding: $1,800.10');
    expect(figures).toHaveTextContent('Credit limit: $5,000 (Net 30)');
    expect(figures).toHaveTextContent('Credit left: $3,199.90');
    expect(screen.getByTestId('statement-aging')).toHaveTextContent('31–60$1,200.10');
    const rows = screen.getAllByTestId('statement-invoice');
    expect(rows[0]).toHaveTextContent('PO-12');
    expect(rows[1]).toHaveTextContent('Overdue 57 days');
    expect(rows[2]).toHaveTextContent('Paid');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });

  it("records an admin's payment of the invoices ticked, their total as the amount", async () => {
    const fake = api({ 'POST /companies/c1/payments': () => jsonResponse({ _id: 'p1' }, { status: 201 }) });
    renderWithProviders(<Statement companyId="c1" canRecord />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Tick at least one unpaid invoice')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Pay invoice 10' })).not.toBeInTheDocument(); // paid
    await user.click(screen.getByRole('checkbox', { name: 'Pay invoice 12' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pay invoice 11' }));
    expect(screen.getByText('The invoices ticked come to $1,800.10')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Bank reference/ }), 'BACS 7781');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('A payment of $1,800.10 was recorded')).toBeInTheDocument();
    const sent = fake.calls.find((c) => c.method === 'POST');
    expect(sent?.body).toMatchObject({ amount: 1800.1, reference: 'BACS 7781', invoices: [12, 11] });
  });

  it("says the server's reason when the amount is not the invoices' total", async () => {
    api({
      'POST /companies/c1/payments': () => problemResponse(400, 'The amount must equal the outstanding total of the invoices named: $600.00.'),
    });
    renderWithProviders(<Statement companyId="c1" canRecord />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Pay invoice 12' }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '500');
    await user.type(screen.getByRole('textbox', { name: /Bank reference/ }), 'BACS 1');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findAllByText(/The amount must equal the outstanding total of the invoices named: \$600.00./)).not.toHaveLength(0);
  });

  it('adds dollars exactly', () => {
    expect(sumDollars([0.1, 0.2, 1200.1])).toBe(1200.4);
  });
});

describe('AgingReport', () => {
  it("lists each company's balance by days overdue and opens its statement", async () => {
    api();
    renderWithProviders(<AgingReport />);
    const row = await screen.findByTestId('aging-row');
    expect(row).toHaveTextContent('$600$0$1,200.10$0$0$1,800.10');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Statement of Quarry Works Ltd' }));
    expect(await screen.findByRole('heading', { name: 'Statement on account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});
