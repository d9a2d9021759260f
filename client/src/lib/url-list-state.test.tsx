import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MAX_SEARCH_CHARS } from '@/config/search';
import { renderWithProviders } from '@/testing/test-utils';
import { choiceParam, listSearch, textParam, useSearchText, useUrlListState } from './url-list-state';

const PARAMS = { q: textParam, status: choiceParam(['all', 'paid', 'shipped'] as const) };

function OrdersList() {
  const list = useUrlListState(PARAMS);
  const [text, setText] = useSearchText(list.values.q, (q, options) => list.set({ q }, options));
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="state">{JSON.stringify({ ...list.values, page: list.page })}</output>
      <output data-testid="search">{useLocation().search}</output>
      <input aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={() => list.set({ status: 'paid' })}>
        Paid
      </button>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => list.setPage(1, { replace: true })}>
        First in place
      </button>
      <button
        type="button"
        onClick={() => {
          list.set({ status: 'shipped' });
          list.setPage(2);
        }}
      >
        Shipped, then page 2
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <a href={list.searchFor({ status: 'shipped' }, 3)}>Shipped, page 3</a>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '') as unknown;
const search = () => screen.getByTestId('search').textContent;
const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('useUrlListState', () => {
  it('reads the defaults from a bare URL', () => {
    renderWithProviders(<OrdersList />, { route: '/orders' });
    expect(state()).toEqual({ q: '', status: 'all', page: 1 });
  });

  it('reads the page, filters and search from the URL; a value it does not allow reads as the default', () => {
    renderWithProviders(<OrdersList />, { route: '/orders?status=paid&q=pump&page=3' });
    expect(state()).toEqual({ q: 'pump', status: 'paid', page: 3 });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('pump');
  });

  it('falls back for a status, page or search it does not take', () => {
    renderWithProviders(<OrdersList />, { route: `/orders?status=lost&page=-2&q=${'x'.repeat(150)}` });
    expect(state()).toEqual({ q: 'x'.repeat(MAX_SEARCH_CHARS), status: 'all', page: 1 });
  });

  it('a filter goes to the URL and starts again at page 1, as a new history entry (Back returns)', async () => {
    renderWithProviders(<OrdersList />, { route: '/orders?page=2' });
    await click('Paid');
    expect(search()).toBe('?status=paid');
    expect(state()).toEqual({ q: '', status: 'paid', page: 1 });
    await click('Back');
    expect(search()).toBe('?page=2');
    expect(state()).toEqual({ q: '', status: 'all', page: 2 });
  });

  it('another page is a new history entry that keeps the filters; page 1 is left out of the URL', async () => {
    renderWithProviders(<OrdersList />, { route: '/orders?status=paid' });
    await click('Next');
    expect(search()).toBe('?status=paid&page=2');
    await click('Next');
    expect(search()).toBe('?status=paid&page=3');
    await click('Back');
    expect(search()).toBe('?status=paid&page=2');
    await click('First in place');
    expect(search()).toBe('?status=paid');
    // Replaced the page-2 entry: Back goes to the entry before it (pushed, Back would show page 2).
    await click('Back');
    expect(search()).toBe('?status=paid');
    expect(state()).toEqual({ q: '', status: 'paid', page: 1 });
  });

  it('keeps the URL parameters that are not its own', async () => {
    renderWithProviders(<OrdersList />, { route: '/orders?edit=abc&page=2' });
    await click('Paid');
    expect(search()).toBe('?status=paid&edit=abc');
  });

  it('builds links to other states (defaults left out, the spec order, then page)', () => {
    renderWithProviders(<OrdersList />, { route: '/orders?q=pump' });
    expect(screen.getByRole('link', { name: 'Shipped, page 3' })).toHaveAttribute('href', '?q=pump&status=shipped&page=3');
    expect(listSearch(PARAMS, { q: '', status: 'all' }, 1)).toBe('');
  });
  it('a second change before the first is rendered starts from the first (a page right after a new filter keeps the filter)', async () => {
    renderWithProviders(<OrdersList />, { route: '/orders?q=pump' });
    await click('Shipped, then page 2');
    expect(search()).toBe('?q=pump&status=shipped&page=2');
    expect(state()).toEqual({ q: 'pump', status: 'shipped', page: 2 });
    await click('Back');
    expect(search()).toBe('?q=pump&status=shipped');
  });
});

describe('useSearchText', () => {
  it('sends the search once typing pauses, back at page 1; the first pause is a history entry, the next ones replace it', async () => {
    renderWithProviders(<OrdersList />, { route: '/orders?status=paid&page=2' });
    const box = screen.getByRole('textbox', { name: 'Search' });
    await userEvent.type(box, 'pu');
    expect(search()).toBe('?status=paid&page=2'); // not while typing
    await vi.waitFor(() => expect(search()).toBe('?q=pu&status=paid'));
    await userEvent.type(box, 'mp');
    await vi.waitFor(() => expect(search()).toBe('?q=pump&status=paid'));
    await click('Back');
    expect(search()).toBe('?status=paid&page=2');
    expect(box).toHaveValue('');
  });

  it('refines a search the URL came with in place (as the header search lands on /products), and a cleared search is a step Back undoes', async () => {
    renderWithProviders(<OrdersList />, { route: '/orders?q=pu' });
    await click('Paid'); // an entry this box did not make, holding a search
    const box = screen.getByRole('textbox', { name: 'Search' });
    await userEvent.type(box, 'mp');
    await vi.waitFor(() => expect(search()).toBe('?q=pump&status=paid'));
    await click('Back');
    expect(search()).toBe('?q=pu'); // replaced: Back skips the words typed
    await userEvent.clear(box);
    await vi.waitFor(() => expect(search()).toBe(''));
    await click('Back');
    expect(search()).toBe('?q=pu');
  });

  it('shows a search the URL changed by itself (Back, a link)', async () => {
    renderWithProviders(<OrdersList />, { route: '/orders?q=valve' });
    await click('Paid');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Search' }));
    await vi.waitFor(() => expect(search()).toBe('?status=paid'));
    await click('Back');
    expect(search()).toBe('?q=valve&status=paid');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('valve');
  });
});
