import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '@/testing/make-order';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Claim } from '../api/get-claims';
import { ClaimAction } from './claim-action';

const shipped = makeOrder({ shipped: true, pending: false, paid: true, transactionId: 'pi_1', shippedAt: '2025-03-10T12:00:00Z' });
const PHOTO_URL = 'http://localhost:5000/images/64b7f0c2a1b2c3d4e5f60999';
let claims: Claim[];

beforeEach(() => {
  window.localStorage.setItem('accessToken', 'tok');
  claims = [];
  // The stub answers the blob previews ask for.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /claims': () => jsonResponse(claims, { headers: { 'X-Total-Count': String(claims.length) } }),
    'POST /upload': () => jsonResponse({ success: true, data: { url: PHOTO_URL } }, { status: 201 }),
    'POST /claims': () => jsonResponse({ acknowledged: true, insertedId: 'c1' }, { status: 201 }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const photo = (name = 'fault.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], name, { type: 'image/jpeg' });
const inWindow = new Date('2025-04-10T12:00:00Z');

describe('ClaimAction', () => {
  it('shows the days left to claim and a Claim replacement button on a shipped order', async () => {
    api();
    renderWithProviders(<ClaimAction order={shipped} now={inWindow} />);
    expect(await screen.findByText('Replacement: 30 days left to claim')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim replacement: Diesel Generator 60 kVA' })).toHaveAccessibleDescription(
      'Replacement: 30 days left to claim',
    );
  });

  it('out of the window, explains it has closed and offers no claim', async () => {
    api();
    renderWithProviders(<ClaimAction order={shipped} now={new Date('2025-05-11T12:00:00Z')} />);
    expect(await screen.findByText('Replacement window closed May 10, 2025 (2 months after shipping)')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing on an order that has not shipped', () => {
    api();
    const { container } = renderWithProviders(<ClaimAction order={makeOrder()} now={inWindow} />);
    expect(container.querySelector('[data-testid="claim-window"]')).toBeNull();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('an order whose pieces are all claimed shows its claim instead', async () => {
    claims = [{ _id: 'c1', number: 3, orderId: shipped._id, orderNumber: 1001, productName: 'Diesel Generator 60 kVA', quantity: 1, email: 'ada@example.com', name: 'Ada Buyer', reason: 'x', images: [], status: 'requested', createdAt: '2025-04-01T00:00:00Z' }];
    api();
    renderWithProviders(<ClaimAction order={{ ...shipped, claimed: 1 }} now={inWindow} />);
    expect(await screen.findByText('Claim #3: requested')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('the claim form asks for a reason and a photo, and sends nothing without them', async () => {
    const fake = api();
    renderWithProviders(<ClaimAction order={shipped} now={inWindow} />);
    await userEvent.click(await screen.findByRole('button', { name: /Claim replacement/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Claim a replacement' }));
    expect(dialog.getByText('Diesel Generator 60 kVA, order #1001. We replace faulty equipment within 2 months of shipping.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send claim' }));
    expect(dialog.getByRole('textbox', { name: /^What is wrong\?/ })).toHaveAccessibleDescription('Reason is Required');
    expect(dialog.getByText('Add at least one photo')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a file that is not an image', async () => {
    api();
    renderWithProviders(<ClaimAction order={shipped} now={inWindow} />);
    await userEvent.click(await screen.findByRole('button', { name: /Claim replacement/ }));
    const input = screen.getByLabelText(/^Photos of the fault/);
    await userEvent.upload(input, new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }), { applyAccept: false });
    const why = 'invoice.pdf was not added: Only JPEG, PNG, WebP and GIF images are accepted.';
    expect(await screen.findByText(why)).toBeInTheDocument();
    // Said next to the field, as the picker's description, and nothing added (no empty tile).
    expect(input).toHaveAccessibleDescription(why);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: /^Remove photo/ })).not.toBeInTheDocument();
  });

  it('checks each picture as it is chosen: a text file named .png or one over 5 MB is left out and said; the good one stays; choosing again clears it', async () => {
    const fake = api();
    renderWithProviders(<ClaimAction order={shipped} now={inWindow} />);
    await userEvent.click(await screen.findByRole('button', { name: /Claim replacement/ }));
    const input = screen.getByLabelText(/^Photos of the fault/);
    const notPng = new File(['just some notes'], 'notes.png', { type: 'image/png' });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1).fill(0xff)], 'huge.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, [photo('good.jpg'), notPng, huge]);
    const why = 'notes.png was not added: Only JPEG, PNG, WebP and GIF images are accepted. huge.jpg was not added: The image is larger than 5 MB.';
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(why);
    expect(screen.getByRole('button', { name: 'Remove photo good.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo notes.png' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo huge.jpg' })).not.toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.upload(input, photo('second.jpg'));
    await vi.waitFor(() => expect(screen.queryByText(why)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remove photo second.jpg' })).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Up to 5 photos: JPEG, PNG, WebP or GIF, 5 MB at most each.');
  });

  it('claims some pieces of a line of several: the quantity is asked, from 1 to the line\'s; a line of a larger purchase names its product', async () => {
    const fake = api();
    const line = { ...shipped, _id: 'o2', group: 'g1', productQuantity: 3, productName: 'MIG Welder 250A' };
    renderWithProviders(<ClaimAction order={line} now={inWindow} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Claim replacement: MIG Welder 250A' }));
    const dialog = within(screen.getByRole('dialog'));
    const pieces = dialog.getByRole('spinbutton', { name: /^Faulty pieces/ });
    expect(pieces).toHaveAccessibleDescription('How many of the 3 pcs of this line are faulty.');
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '4');
    await userEvent.type(dialog.getByRole('textbox', { name: /^What is wrong\?/ }), 'One torch is cracked.');
    await userEvent.upload(screen.getByLabelText(/^Photos of the fault/), [photo('a.jpg')]);
    await userEvent.click(dialog.getByRole('button', { name: 'Send claim' }));
    expect(await dialog.findByText('Enter a whole number from 1 to 3')).toBeInTheDocument();
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '1');
    await userEvent.click(dialog.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByText('Your claim is sent. We will e-mail you our decision.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/claims')?.body).toEqual({ orderId: 'o2', quantity: 1, reason: 'One torch is cracked.', images: [PHOTO_URL] });
  });

  it('a line with pieces left after earlier claims: lists them, offers only the pieces left, and says what the server refuses', async () => {
    const claim = (over: Partial<Claim>): Claim => ({ _id: 'c1', number: 3, orderId: 'o3', orderNumber: 1001, productName: 'MIG Welder 250A', quantity: 1, email: 'ada@example.com', name: 'Ada Buyer', reason: 'x', images: [], status: 'requested', createdAt: '2025-04-01T00:00:00Z', ...over });
    // One piece open, one of two approved (the other given back), one rejected: 2 of 5 are claimed.
    claims = [
      claim({}),
      claim({ _id: 'c2', number: 4, quantity: 2, approvedQuantity: 1, status: 'approved' }),
      claim({ _id: 'c3', number: 5, status: 'rejected' }),
      claim({ _id: 'c4', number: 6, orderId: 'another-line' }),
    ];
    const fake = api({ 'POST /claims': () => problemResponse(409, 'Only 1 of this line\'s 5 pieces is left to claim.') });
    const line = { ...shipped, _id: 'o3', productQuantity: 5, claimed: 2, productName: 'MIG Welder 250A' };
    renderWithProviders(<ClaimAction order={line} now={inWindow} />);
    expect(await screen.findByText('Claim #3: requested')).toBeInTheDocument();
    expect(screen.getByText('Claim #4: approved')).toBeInTheDocument();
    expect(screen.getByText('Claim #5: rejected')).toBeInTheDocument();
    expect(screen.queryByText('Claim #6: requested')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Claim replacement: MIG Welder 250A' });
    expect(button).toHaveAccessibleDescription('Replacement: 30 days left to claim · 3 of 5 pcs left to claim');
    await userEvent.click(button);
    const dialog = within(screen.getByRole('dialog', { name: 'Claim a replacement' }));
    const earlier = within(dialog.getByRole('region', { name: 'Earlier claims on this line' }));
    expect(earlier.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Claim #3: requested, 1 pc claimed',
      'Claim #4: approved, 2 pcs claimed, 1 pc replaced',
      'Claim #5: rejected, 1 pc claimed',
    ]);
    const pieces = dialog.getByRole('spinbutton', { name: /^Faulty pieces/ });
    expect(pieces).toHaveAccessibleDescription('How many of the 3 pcs left to claim (of 5) are faulty.');
    expect(pieces).toHaveAttribute('max', '3');
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '4');
    await userEvent.type(dialog.getByRole('textbox', { name: /^What is wrong\?/ }), 'The wire feed jams.');
    await userEvent.upload(screen.getByLabelText(/^Photos of the fault/), [photo('a.jpg')]);
    await userEvent.click(dialog.getByRole('button', { name: 'Send claim' }));
    expect(await dialog.findByText('Enter a whole number from 1 to 3')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === '/claims' && c.method === 'POST')).toEqual([]);
    // Another claim took pieces meanwhile: the server's count decides, and its reason is shown.
    await userEvent.clear(pieces);
    await userEvent.type(pieces, '3');
    await userEvent.click(dialog.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByText('Failed to send the claim: Only 1 of this line\'s 5 pieces is left to claim.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/claims')?.body).toEqual({ orderId: 'o3', quantity: 3, reason: 'The wire feed jams.', images: [PHOTO_URL] });
  });

  it('a line whose last piece is left sends one piece without asking; a line all claimed offers no claim', async () => {
    const fake = api();
    const { unmount } = renderWithProviders(<ClaimAction order={{ ...shipped, _id: 'o4', productQuantity: 3, claimed: 2 }} now={inWindow} />);
    await userEvent.click(await screen.findByRole('button', { name: /Claim replacement/ }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.queryByRole('spinbutton')).not.toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /^What is wrong\?/ }), 'Dead.');
    await userEvent.upload(screen.getByLabelText(/^Photos of the fault/), [photo('a.jpg')]);
    await userEvent.click(dialog.getByRole('button', { name: 'Send claim' }));
    await screen.findByText('Your claim is sent. We will e-mail you our decision.');
    expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/claims')?.body).toMatchObject({ orderId: 'o4', quantity: 1 });
    unmount();

    renderWithProviders(<ClaimAction order={{ ...shipped, productQuantity: 3, claimed: 3 }} now={inWindow} />);
    expect(await screen.findByText('All 3 pcs of this line are claimed.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('uploads the photos, then sends the claim with their URLs; toasts and closes', async () => {
    const fake = api();
    renderWithProviders(<ClaimAction order={shipped} now={inWindow} />);
    await userEvent.click(await screen.findByRole('button', { name: /Claim replacement/ }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: /^What is wrong\?/ }), 'It stops after 5 minutes.');
    await userEvent.upload(screen.getByLabelText(/^Photos of the fault/), [photo('a.jpg'), photo('b.jpg')]);
    expect(dialog.getByRole('button', { name: 'Remove photo a.jpg' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByText('Your claim is sent. We will e-mail you our decision.')).toBeInTheDocument();
    const posts = fake.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/upload', '/upload', '/claims']);
    expect(posts[2]?.body).toEqual({ orderId: shipped._id, quantity: 1, reason: 'It stops after 5 minutes.', images: [PHOTO_URL, PHOTO_URL] });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a refused claim toasts the server’s reason and keeps the form', async () => {
    api({ 'POST /claims': () => problemResponse(409, 'The 2-month replacement window of this order closed on May 10, 2025.') });
    renderWithProviders(<ClaimAction order={shipped} now={inWindow} />);
    await userEvent.click(await screen.findByRole('button', { name: /Claim replacement/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^What is wrong\?/ }), 'Broken.');
    await userEvent.upload(screen.getByLabelText(/^Photos of the fault/), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByText('Failed to send the claim: The 2-month replacement window of this order closed on May 10, 2025.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
