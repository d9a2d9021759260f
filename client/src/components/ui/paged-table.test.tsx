import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api as apiClient, unwrapPage } from '@/lib/api-client';
import { fakeApi, jsonResponse, problemResponse, renderWithProviders } from '@/testing/test-utils';
import type { Page } from '@/types/api';
import { usePaging } from './paged-query';
import { PagedTable, type Column } from './paged-table';

interface Part {
  _id: string;
  name: string;
  stock: number;
}

const part = (i: number): Part => ({ _id: `p${i}`, name: `Part ${i}`, stock: i * 10 });

const columns: Column<Part>[] = [
  { key: 'name', header: 'Name', rowHeader: true, render: (p) => p.name },
  { key: 'stock', header: 'Stock', align: 'right', labelled: true, render: (p) => `${p.stock} pcs` },
  { key: 'actions', header: 'Actions', align: 'right', render: (p) => <button type="button">Order {p.name}</button> },
];

function Parts({ pageSize = 2, focusableScroll = false }: { pageSize?: number; focusableScroll?: boolean }) {
  const paging = usePaging(pageSize);
  const parts = useQuery({
    queryKey: ['parts', paging.params],
    // The table is the subject, not an endpoint: a made-up list, read as /user's pages are.
    queryFn: ({ signal }) => unwrapPage(apiClient.GET('/parts' as '/user', { params: { query: paging.params }, signal })) as unknown as Promise<Page<Part>>,
    placeholderData: keepPreviousData,
  });
  return (
    <PagedTable
      query={parts}
      paging={paging}
      columns={columns}
      label="Parts"
      count={(n) => `${n} parts`}
      note={<p>Counted this morning.</p>}
      loadFailed="We could not load the parts."
      empty="No parts yet."
      emptyAction={<a href="/add">Add a part</a>}
      toolbar={<p>The filter</p>}
      rowTestId="part-row"
      stackBelow={600}
      focusableScroll={focusableScroll}
    />
  );
}

let parts: Part[];

beforeEach(() => {
  parts = [1, 2, 3, 4, 5].map(part);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi({
    'GET /parts': ({ url }) => {
      const limit = Number(url.searchParams.get('limit'));
      const skip = Number(url.searchParams.get('skip'));
      return jsonResponse(parts.slice(skip, skip + limit), { headers: { 'X-Total-Count': String(parts.length) } });
    },
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const rowNames = () => screen.getAllByTestId('part-row').map((row) => within(row).getByRole('rowheader').textContent);

describe('PagedTable', () => {
  it('shows the count, the note, the head, and a row an item with its name as the row header', async () => {
    const fake = api();
    renderWithProviders(<Parts />);
    const table = await screen.findByRole('table', { name: 'Parts' });
    expect(screen.getByText('5 parts')).toBeInTheDocument();
    expect(screen.getByText('Counted this morning.')).toBeInTheDocument();
    expect(screen.getByText('The filter')).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Stock', 'Actions']);
    expect(rowNames()).toEqual(['Part 1', 'Part 2']);
    const first = within(screen.getAllByTestId('part-row')[0]!);
    expect(first.getByRole('rowheader', { name: 'Part 1' })).toBeInTheDocument();
    // The column's name for the narrow layout is hidden from screen readers, which have the head.
    expect(first.getByRole('cell', { name: '10 pcs' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Order Part 1' })).toBeInTheDocument();
    expect(fake.calls.map((c) => c.path)).toEqual(['/parts?limit=2&skip=0']);
  });

  it('moves through the pages, asking the server for each', async () => {
    const fake = api();
    renderWithProviders(<Parts />);
    await screen.findByRole('table', { name: 'Parts' });
    expect(screen.getByText('1–2 of 5')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await vi.waitFor(() => expect(rowNames()).toEqual(['Part 3', 'Part 4']));
    expect(screen.getByText('3–4 of 5')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await vi.waitFor(() => expect(rowNames()).toEqual(['Part 5']));
    expect(screen.getByRole('button', { name: /next page/i })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /previous page/i }));
    await vi.waitFor(() => expect(rowNames()).toEqual(['Part 3', 'Part 4']));
    expect(fake.calls.map((c) => c.path).slice(0, 3)).toEqual(['/parts?limit=2&skip=0', '/parts?limit=2&skip=2', '/parts?limit=2&skip=4']);
  });

  it('has no pages below when everything fits on one', async () => {
    api();
    renderWithProviders(<Parts pageSize={5} />);
    await screen.findByRole('table', { name: 'Parts' });
    expect(rowNames()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
  });

  it('shows the spinner until the first page comes, without the toolbar', async () => {
    let answer: (response: Response) => void = () => {};
    api({ 'GET /parts': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<Parts />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('The filter')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answer(jsonResponse([part(1)], { headers: { 'X-Total-Count': '1' } }));
    expect(await screen.findByRole('table', { name: 'Parts' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when nothing is there, with the way on and the toolbar', async () => {
    parts = [];
    api();
    renderWithProviders(<Parts />);
    expect(await screen.findByText('No parts yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a part' })).toHaveAttribute('href', '/add');
    expect(screen.getByText('The filter')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and Try again loads it', async () => {
    let fail = true;
    const fake = api({
      'GET /parts': () => (fail ? problemResponse(500, 'Internal error.') : jsonResponse([part(1)], { headers: { 'X-Total-Count': '1' } })),
    });
    renderWithProviders(<Parts />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the parts.');
    expect(screen.getByText('The filter')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Parts' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fake.calls).toHaveLength(2);
  });

  it('when the last row of a later page goes, shows the page before', async () => {
    const fake = api();
    const { queryClient } = renderWithProviders(<Parts />);
    await screen.findByRole('table', { name: 'Parts' });
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await vi.waitFor(() => expect(rowNames()).toEqual(['Part 5']));

    parts = parts.slice(0, 4);
    await queryClient.invalidateQueries({ queryKey: ['parts'] });
    await vi.waitFor(() => expect(rowNames()).toEqual(['Part 3', 'Part 4']));
    // Page 2 shows from the cache (5 parts) until its own refetch answers.
    expect(await screen.findByText('4 parts')).toBeInTheDocument();
    expect(fake.calls.at(-1)?.path).toBe('/parts?limit=2&skip=2');
  });

  it('starts at the page in the URL, and a page past the end gives way to the last page', async () => {
    const fake = api();
    renderWithProviders(<Parts />, { route: '/parts?page=9' });
    await vi.waitFor(() => expect(rowNames()).toEqual(['Part 5']));
    expect(fake.calls.map((c) => c.path)).toEqual(['/parts?limit=2&skip=16', '/parts?limit=2&skip=4']);
  });

  it('a table without controls can be scrolled from the keyboard', async () => {
    api();
    renderWithProviders(<Parts focusableScroll />);
    await screen.findByRole('table', { name: 'Parts' });
    expect(screen.getByRole('region', { name: 'Parts' })).toHaveAttribute('tabindex', '0');
  });
});
