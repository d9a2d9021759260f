import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Address } from '@/types/api';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { AddressBook } from './address-book';

const works: Address = {
  _id: 'a1', label: 'Works', name: 'Ann Smith', company: 'Quarry Works Ltd', line1: '1 Mill Road', line2: '', city: 'Leeds', postcode: 'LS1 4AP',
  country: 'GB', phone: '+44 113 496 0000', isDefault: true,
};

describe('AddressBook', () => {
  it('lists the saved addresses, the default marked; adds one with the server’s field errors shown', async () => {
    let book = [works];
    let posts = 0;
    const fake = fakeApi({
      'GET /addresses': () => jsonResponse(book),
      'POST /addresses': ({ body }) => {
        posts++;
        if (posts === 1) return problemResponse(400, 'The address is not valid.', { country: 'must be a two-letter country code, such as US or GB' });
        const saved = { ...(body as Address), _id: 'a2', isDefault: false };
        book = [...book, saved];
        return jsonResponse(saved, { status: 201 });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<AddressBook />);
    const card = await screen.findByRole('article', { name: 'Works' });
    expect(within(card).getByText('Ann Smith, Quarry Works Ltd, 1 Mill Road, Leeds LS1 4AP, GB')).toBeInTheDocument();
    expect(within(card).getByText('Default')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Make Works the default address' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add an address' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    expect(await dialog.findByText('Address line 1 is Required')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(dialog.getByRole('textbox', { name: /^Label/ }), 'Yard');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Ann Smith');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Phone/ }), '+44 113 496 0001');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Address line 1/ }), '7 Canal Street');
    await userEvent.type(dialog.getByRole('textbox', { name: /^City/ }), 'Leeds');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Country code/ }), 'gb');
    await userEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    expect(await dialog.findByText(/must be a two-letter country code, such as US or GB/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('article', { name: 'Yard' })).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({ label: 'Yard', line1: '7 Canal Street', country: 'GB', isDefault: false });
  });

  it('a company’s book (issue 45): the same page on the company’s calls', async () => {
    let book = [works];
    const fake = fakeApi({
      'GET /companies/c1/addresses': () => jsonResponse(book),
      'DELETE /companies/c1/addresses/a1': () => {
        book = [];
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);
    vi.stubGlobal('confirm', () => true);
    renderWithProviders(<AddressBook companyId="c1" />);
    const card = await screen.findByRole('article', { name: 'Works' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete address Works' }));
    expect(await screen.findByText('You have no saved addresses yet.')).toBeInTheDocument();
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).not.toContain('GET /addresses');
    expect(fake.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/companies/c1/addresses/a1']);
  });
});
