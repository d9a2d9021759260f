import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import { CategoriesAdmin } from './categories-admin';

const GEN = '64b7f0c2a1b2c3d4e5f6aa01';
const PUMPS = '64b7f0c2a1b2c3d4e5f6aa02';
let categories: { _id: string; name: string; count: number }[];
let fake: ReturnType<typeof fakeApi>;
let confirm: ReturnType<typeof vi.fn>;

beforeEach(() => {
  categories = [
    { _id: GEN, name: 'Generators', count: 3 },
    { _id: PUMPS, name: 'Pumps', count: 0 },
  ];
  fake = fakeApi({
    'GET /categories': () => jsonResponse(categories),
    'POST /categories': ({ body }) => {
      const { name } = body as { name: string };
      if (categories.some((c) => c.name === name)) return problemResponse(409, 'A category with this name already exists.');
      const added = { _id: '64b7f0c2a1b2c3d4e5f6aa03', name, count: 0 };
      categories = [...categories, added];
      return jsonResponse(added, { status: 201 });
    },
    [`PATCH /categories/${GEN}`]: ({ body }) => {
      const { name, from } = body as { name: string; from?: string };
      if (from !== undefined && from !== categories[0]!.name) return problemResponse(409, 'The category was renamed by someone else meanwhile.');
      categories = categories.map((c) => (c._id === GEN ? { ...c, name } : c));
      return jsonResponse(categories[0]);
    },
    [`DELETE /categories/${GEN}`]: () => problemResponse(409, '3 products use this category.'),
    [`DELETE /categories/${PUMPS}`]: () => {
      categories = categories.filter((c) => c._id !== PUMPS);
      return jsonResponse({ acknowledged: true, deletedCount: 1 });
    },
  });
  vi.stubGlobal('fetch', fake.fetch);
  confirm = vi.fn(() => true);
  vi.stubGlobal('confirm', confirm);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('CategoriesAdmin (/dashboard/categories)', () => {
  it('lists the categories with their product counts, and adds one', async () => {
    renderWithProviders(<CategoriesAdmin />);
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent?.replace(/RenameDelete$/, ''))).toEqual(['NameProductsActions', 'Generators3', 'Pumps0']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Category name' }), 'Compressors');
    await userEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByRole('rowheader', { name: 'Compressors' })).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/categories')?.body).toEqual({ name: 'Compressors' });
    expect(screen.getByRole('textbox', { name: 'Category name' })).toHaveValue('');
  });

  it('shows a duplicate name’s 409 at the field', async () => {
    renderWithProviders(<CategoriesAdmin />);
    await screen.findByRole('table', { name: 'Categories' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Category name' }), 'Pumps');
    await userEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('A category with this name already exists.')).toBeInTheDocument();
  });

  it('renames a category in a dialog', async () => {
    renderWithProviders(<CategoriesAdmin />);
    await screen.findByRole('table', { name: 'Categories' });
    await userEvent.click(within(rowOf('Generators')).getByRole('button', { name: 'Rename Generators' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Generators' });
    const field = within(dialog).getByRole('textbox', { name: /Category name/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'Power Generators');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('rowheader', { name: 'Power Generators' })).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: `/categories/${GEN}`, body: { name: 'Power Generators', from: 'Generators' } });
  });

  it('renamed by another admin meanwhile (409): both names side by side; saves only once one is chosen, from the saved name', async () => {
    renderWithProviders(<CategoriesAdmin />);
    await screen.findByRole('table', { name: 'Categories' });
    await userEvent.click(within(rowOf('Generators')).getByRole('button', { name: 'Rename Generators' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename Generators' }));
    categories = categories.map((c) => (c._id === GEN ? { ...c, name: 'Gensets' } : c)); // the other admin's rename
    const field = dialog.getByRole('textbox', { name: /Category name/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'Power Generators');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const conflict = within(await dialog.findByTestId('conflict-name'));
    expect(categories[0]!.name).toBe('Gensets'); // not renamed over
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Choose yours or the saved value for each field that changed, then save again.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    await userEvent.click(conflict.getByRole('radio', { name: 'Keep mine: Power Generators' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('rowheader', { name: 'Power Generators' })).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ name: 'Power Generators', from: 'Gensets' });
  });

  it('deletes an unused category, and shows the 409’s message for one in use', async () => {
    renderWithProviders(<CategoriesAdmin />);
    await screen.findByRole('table', { name: 'Categories' });
    await userEvent.click(within(rowOf('Generators')).getByRole('button', { name: 'Delete Generators' }));
    expect(await screen.findByText(/3 products use this category\./)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Generators' })).toBeInTheDocument();
    await userEvent.click(within(rowOf('Pumps')).getByRole('button', { name: 'Delete Pumps' }));
    await vi.waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Pumps' })).not.toBeInTheDocument());
    expect(confirm).toHaveBeenCalledWith('Delete the category “Pumps”?');
  });
});
