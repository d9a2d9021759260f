import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OutboxMailPage from '@/app/routes/dashboard/outbox-mail';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { OpenedMail } from '@/types/api';
import { Outbox } from './outbox';
import { MAIL_FRAME_CSP, mailFrameDocument } from './outbox-mail';

const ID = '65f0a1b2c3d4e5f601234567';

const failed: OpenedMail = {
  _id: ID,
  kind: 'verify_email',
  from: 'orders@shop.example',
  to: 'ada@example.com',
  subject: 'Confirm your e-mail address',
  messageId: `<${ID}@shop.example>`,
  text: 'Open https://shop.example/verify-email?token=REDACTED to confirm.',
  html: '<html><head><title>x</title></head><body><p>Open <a href="https://shop.example/verify-email?token=REDACTED">this link</a>.</p><script>parent.alert(1)</script></body></html>',
  status: 'failed',
  attempts: 12,
  lastError: '451 temporarily unavailable',
  errors: [
    { at: '2026-03-10T09:00:05Z', attempt: 11, error: 'dial tcp: connection refused' },
    { at: '2026-03-11T09:00:05Z', attempt: 12, error: '451 temporarily unavailable' },
  ],
  createdAt: '2026-03-10T09:00:00Z',
};

let mail: OpenedMail;

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'admin-token');
  mail = failed;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    [`GET /admin/outbox/${ID}`]: () => jsonResponse(mail),
    [`POST /admin/outbox/${ID}/retry`]: () => {
      mail = { ...mail, status: 'pending', nextAttemptAt: '2026-03-12T10:00:00Z', retriedAt: '2026-03-12T10:00:00Z', retriedBy: 'boss@shop.example' };
      return jsonResponse(mail);
    },
    'GET /admin/outbox': () => jsonResponse([{ ...failed, html: undefined, from: undefined, messageId: undefined, errors: undefined }], { headers: { 'X-Total-Count': '41' } }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function renderPage(route: string | { pathname: string; state?: unknown } = `/dashboard/outbox/${ID}`) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/outbox/:id" element={<OutboxMailPage />} />
      <Route path="/dashboard/outbox" element={<Outbox />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: route as string },
  );
}

describe('an opened e-mail of the outbox', () => {
  it('shows its headers, delivery, refusals and the text part as stored (the token redacted)', async () => {
    const fake = api();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeInTheDocument();
    const headers = screen.getByRole('region', { name: 'Headers' });
    const pairs = within(headers)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['From', 'orders@shop.example'],
      ['To', 'ada@example.com'],
      ['Subject', 'Confirm your e-mail address'],
      ['Date', expect.stringMatching(/2026/)],
      ['Message-ID', `<${ID}@shop.example>`],
    ]);
    expect(screen.getByTestId('mail-status')).toHaveTextContent('failed');
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByText('12')).toBeInTheDocument();
    const errors = within(screen.getByTestId('mail-errors')).getAllByRole('listitem');
    expect(errors.map((li) => li.textContent)).toEqual([expect.stringContaining('Attempt 11'), expect.stringContaining('Attempt 12')]);
    expect(errors[0]).toHaveTextContent('dial tcp: connection refused');
    expect(screen.getByTestId('mail-text')).toHaveTextContent('https://shop.example/verify-email?token=REDACTED to confirm.');
    expect(fake.calls.filter((c) => c.path === `/admin/outbox/${ID}`)).toHaveLength(1);
  });

  it('renders the HTML part in a frame that runs nothing and loads nothing from elsewhere', async () => {
    api();
    renderPage();
    const frame = await screen.findByTitle('HTML part of the e-mail: Confirm your e-mail address');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(frame).not.toHaveAttribute('src');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain(`<head><meta http-equiv="Content-Security-Policy" content="${MAIL_FRAME_CSP}"><base target="_top"><title>x</title>`);
    expect(doc).toContain('verify-email?token=REDACTED');
    expect(MAIL_FRAME_CSP).toContain("default-src 'none'");
    expect(MAIL_FRAME_CSP).not.toMatch(/script-src|https?:/);
  });

  it('wraps an HTML part without a head in a document whose head carries the policy', () => {
    expect(mailFrameDocument('<p>Hi</p>')).toBe(
      `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${MAIL_FRAME_CSP}"><base target="_top"></head><body><p>Hi</p></body></html>`,
    );
  });

  it('a failed e-mail is sent again after confirming: it is queued and says so', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const fake = api();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(confirm).toHaveBeenCalledWith('Send this e-mail again? It goes back in the queue and is tried for another 24 hours.');
    expect(await screen.findByText('The e-mail is queued to be sent again.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === `/admin/outbox/${ID}/retry`)).toHaveLength(1);
    expect(screen.getByTestId('mail-status')).toHaveTextContent('pending');
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Delivery' })).getByText(/by boss@shop\.example/)).toBeInTheDocument();
  });

  it('a retry that is not confirmed sends nothing; a refused one says why', async () => {
    vi.stubGlobal('confirm', vi.fn(() => false));
    const fake = api({ [`POST /admin/outbox/${ID}/retry`]: () => problemResponse(409, 'This e-mail is already queued to be sent again.') });
    renderPage();
    const button = await screen.findByRole('button', { name: 'Send again' });
    await userEvent.click(button);
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    vi.stubGlobal('confirm', vi.fn(() => true));
    await userEvent.click(button);
    expect(await screen.findByText(/This e-mail is already queued to be sent again\./)).toBeInTheDocument();
  });

  it('offers no retry for an e-mail that is not failed', async () => {
    mail = { ...failed, status: 'sent', sentAt: '2026-03-10T09:00:05Z', errors: undefined, lastError: undefined };
    api();
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  it('an unknown e-mail says it is not in the outbox', async () => {
    api({ [`GET /admin/outbox/${ID}`]: () => problemResponse(404, 'The e-mail was not found.') });
    renderPage();
    expect(await screen.findByText('This e-mail is not in the outbox (sent e-mails are kept 90 days).')).toBeInTheDocument();
  });

  it('opens from its row, and Back returns to the page of the list it came from', async () => {
    api();
    renderPage('/dashboard/outbox?page=3');
    await userEvent.click(await screen.findByRole('link', { name: 'Confirm your e-mail address' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/outbox/${ID}`);
    expect(screen.getByRole('link', { name: 'Back to the outbox' })).toHaveAttribute('href', '/dashboard/outbox?page=3');
  });
});
