import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TaxExemption, TaxExemptionStanding } from '@/types/api';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { TaxExemptionSection } from './tax-exemption-section';

const pending: TaxExemption = {
  _id: 'e1', email: 'ann@shop.test', name: 'Ann', number: 'RS-4471-88', country: 'US', status: 'pending',
  certificate: { filename: 'resale.pdf', contentType: 'application/pdf', size: 120 }, createdAt: '2026-11-27T10:00:00Z',
};

describe('TaxExemptionSection', () => {
  it('sends a certificate with its number and country, the server’s refusal shown, then shows it waiting for review', async () => {
    let standing: TaxExemptionStanding = { exempt: false, exemption: null };
    let posts = 0;
    const fake = fakeApi({
      'GET /account/tax-exemption': () => jsonResponse(standing),
      'POST /account/tax-exemption': () => {
        posts++;
        if (posts === 1) return problemResponse(415, 'The certificate must be a PDF, JPEG or PNG file.');
        standing = { exempt: false, exemption: pending };
        return jsonResponse(pending, { status: 201 });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<TaxExemptionSection />);
    expect(await screen.findByText('You have not sent a certificate.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send certificate' }));
    expect(await screen.findByText('Enter the certificate number')).toBeInTheDocument();
    expect(screen.getByText('Choose the certificate file')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Certificate number' }), 'RS-4471-88');
    await userEvent.type(screen.getByRole('textbox', { name: /^Issuing country/ }), 'us');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Certificate file'), big);
    expect(screen.getByText('The certificate is larger than 5 MB.')).toBeInTheDocument();
    const file = new File(['%PDF-1.4 certificate'], 'resale.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Certificate file'), file);
    expect(screen.getByText(/resale\.pdf/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send certificate' }));
    expect(await screen.findByText(/The certificate must be a PDF, JPEG or PNG file\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send certificate' }));
    const card = await screen.findByRole('article', { name: 'Certificate RS-4471-88 (US)' });
    expect(within(card).getByText('Waiting for review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send certificate' })).not.toBeInTheDocument();
    const sent = fake.calls.filter((c) => c.method === 'POST').at(-1)?.body as FormData;
    expect(sent.get('number')).toBe('RS-4471-88');
    expect(sent.get('country')).toBe('US');
    expect((sent.get('certificate') as File).name).toBe('resale.pdf');
  });

  it('shows a decline with its reason and offers to send another; an approval says no tax is charged', async () => {
    const declined: TaxExemption = { ...pending, status: 'declined', reason: 'The certificate has expired.' };
    vi.stubGlobal('fetch', fakeApi({ 'GET /account/tax-exemption': () => jsonResponse({ exempt: false, exemption: declined }) }).fetch);
    const { unmount } = renderWithProviders(<TaxExemptionSection />);
    expect(await screen.findByText('Reason: The certificate has expired.')).toBeInTheDocument();
    expect(screen.getByText('Declined', { selector: '[data-testid="tax-exemption-status"]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new certificate' })).toBeInTheDocument();
    unmount();

    vi.stubGlobal('fetch', fakeApi({ 'GET /account/tax-exemption': () => jsonResponse({ exempt: true, exemption: { ...pending, status: 'approved' } }) }).fetch);
    renderWithProviders(<TaxExemptionSection />);
    expect(await screen.findByText('Approved: your purchases are charged no tax')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View certificate RS-4471-88' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
  });
});
