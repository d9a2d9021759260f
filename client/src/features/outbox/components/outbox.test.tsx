import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { OutboxMessage } from '../api/get-outbox';
import { Outbox } from './outbox';

const sent: OutboxMessage = {
  _id: 'm2',
  kind: 'order_shipped',
  text: 'Your order #1001 is on its way.',
  to: 'ada@example.com',
  subject: 'Your order #1001 has shipped',
  status: 'sent',
  attempts: 1,
  createdAt: '2025-03-02T10:30:00Z',
  sentAt: '2025-03-02T10:30:05Z',
};
const failed: OutboxMessage = {
  _id: 'm1',
  kind: 'quote_answered',
  text: 'Quote #7 is priced.',
  to: 'bob@example.com',
  subject: 'Quote #7 is ready',
  status: 'failed',
  attempts: 4,
  lastError: 'dial tcp: connection refused',
  createdAt: '2025-03-01T09:00:00Z',
};
let outbox: OutboxMessage[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  outbox = [sent, failed];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /admin/outbox': () => jsonResponse(outbox, { headers: { 'X-Total-Count': String(outbox.length) } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('Outbox', () => {
  it('lists the e-mails newest first: to, subject, status, attempts, last error, created and sent', async () => {
    const fake = api();
    renderWithProviders(<Outbox />);
    const table = await screen.findByRole('table', { name: 'E-mails' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['To', 'Subject', 'Status', 'Attempts', 'Last error', 'Created', 'Sent']);
    const [first, second] = screen.getAllByTestId('outbox-row');
    expect(within(first!).getByText('Your order #1001 has shipped')).toBeInTheDocument();
    expect(within(first!).getByText('sent')).toBeInTheDocument();
    expect(within(second!).getByText('dial tcp: connection refused')).toBeInTheDocument();
    expect(within(second!).getByText('failed')).toBeInTheDocument();
    expect(within(second!).getByText('4')).toBeInTheDocument();
    expect(screen.getByText('2 e-mails')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path.startsWith('/admin/outbox'))?.path).toBe('/admin/outbox?limit=20&skip=0');
  });

  it('explains the disabled status when sending is off', async () => {
    outbox = [{ ...failed, status: 'disabled', attempts: 0, lastError: undefined }];
    api();
    renderWithProviders(<Outbox />);
    expect(await screen.findByText('Sending is off (no SMTP_URL): messages are kept here for you to read.')).toBeInTheDocument();
    expect(screen.getByText('disabled')).toBeInTheDocument();
  });

  it('with no e-mails, says so', async () => {
    outbox = [];
    api();
    renderWithProviders(<Outbox />);
    expect(await screen.findByText('No e-mails yet.')).toBeInTheDocument();
  });

  it('a failed load says so and retries', async () => {
    let fail = true;
    api({ 'GET /admin/outbox': () => (fail ? problemResponse(500, 'boom') : jsonResponse([], { headers: { 'X-Total-Count': '0' } })) });
    renderWithProviders(<Outbox />);
    expect(await screen.findByText('We could not load the outbox right now.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No e-mails yet.')).toBeInTheDocument();
  });
});
