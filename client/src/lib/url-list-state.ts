import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MAX_SEARCH_CHARS } from '@/config/search';

/** How long typing pauses before a search goes to the URL (and the server). */
export const SEARCH_DEBOUNCE_MS = 300;

/** One of a list's URL parameters besides `page`: the value it has when absent, and the values it may take. */
export interface ListParam<V extends string = string> {
  /** The value when the URL has none; never written to the URL. */
  default: V;
  /** The values allowed; anything else in the URL reads as the default. Absent: any text up to MAX_SEARCH_CHARS. */
  values?: readonly V[];
}

export type ListParams = Record<string, ListParam>;
export type ListValues<S extends ListParams> = { [K in keyof S]: S[K] extends ListParam<infer V> ? V : never };

/** A filter that takes one of `values` (the first, unless told otherwise, is the default). */
export function choiceParam<const V extends string>(values: readonly V[], fallback: V = values[0] as V): ListParam<V> {
  return { default: fallback, values };
}

/** A free-text parameter (a search): empty by default. */
export const textParam: ListParam<string> = { default: '' };

export interface UrlListState<S extends ListParams> {
  /** The page shown, from 1 (`?page=`, left out for 1). */
  page: number;
  /** Each parameter's value, its default when the URL has none (or one it does not allow). */
  values: ListValues<S>;
  /** Shows another page: a new history entry, unless `replace`. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Changes filters or the search and goes back to page 1: a new history entry, unless `replace`. */
  set: (changes: Partial<ListValues<S>>, options?: { replace?: boolean }) => void;
  /** The query string (`?q=pump&page=2`, or '') of this state with `changes`, at `page` (default 1): for links. */
  searchFor: (changes: Partial<ListValues<S>>, page?: number) => string;
}

function readValues<S extends ListParams>(spec: S, params: URLSearchParams): ListValues<S> {
  const values: Record<string, string> = {};
  for (const [key, param] of Object.entries(spec)) {
    const raw = params.get(key);
    if (param.values) values[key] = raw !== null && param.values.includes(raw) ? raw : param.default;
    else values[key] = (raw ?? param.default).slice(0, MAX_SEARCH_CHARS);
  }
  return values as ListValues<S>;
}

function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The query string of a list state: its parameters in the spec's order (defaults
 * left out), then `page` (left out for 1), then whatever else the URL held.
 */
export function listSearch<S extends ListParams>(spec: S, values: ListValues<S>, page: number, current = new URLSearchParams()): string {
  const next = new URLSearchParams();
  for (const [key, param] of Object.entries(spec)) {
    const value = (values as Record<string, string>)[key] ?? param.default;
    if (value !== param.default && value !== '') next.set(key, value);
  }
  if (page > 1) next.set('page', String(page));
  for (const [key, value] of current) {
    if (key !== 'page' && !(key in spec)) next.append(key, value);
  }
  const search = next.toString();
  return search ? `?${search}` : '';
}

/**
 * A list's page, filters and search, kept in the URL's query string so that a
 * reload, a shared link or Back shows the same list. `spec` (a module constant)
 * names the parameters; a reader gets the defaults for anything missing or not
 * allowed. Changing a filter starts again at page 1.
 */
export function useUrlListState<S extends ListParams>(spec: S): UrlListState<S> {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => readValues(spec, searchParams), [spec, searchParams]);
  const page = readPage(searchParams);
  // The query string this list last navigated to, until a render shows it: the router renders a
  // navigation as a transition, so a second change before that render (a page after a new sort, on a
  // busy machine) starts from it rather than from the URL the render had, which would drop the first.
  const pending = useRef<string | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [searchParams]);
  const go = useCallback(
    (change: (base: { values: ListValues<S>; page: number }) => { values: ListValues<S>; page: number }, replace = false) => {
      const base = pending.current === null ? searchParams : new URLSearchParams(pending.current);
      const next = change({ values: readValues(spec, base), page: readPage(base) });
      const search = listSearch(spec, next.values, next.page, base);
      pending.current = search.replace(/^\?/, '');
      void setSearchParams(search, { replace });
    },
    [spec, searchParams, setSearchParams],
  );
  return useMemo(
    () => ({
      page,
      values,
      setPage: (next, options) => go((base) => ({ values: base.values, page: next }), options?.replace),
      set: (changes, options) => go((base) => ({ values: { ...base.values, ...changes }, page: 1 }), options?.replace),
      searchFor: (changes, nextPage = 1) => listSearch(spec, { ...values, ...changes }, nextPage, searchParams),
    }),
    [page, values, go, spec, searchParams],
  );
}

/**
 * A search box bound to a list's text parameter: `text` is what the box shows;
 * it goes to `commit` once typing pauses. Starting a search (or clearing one)
 * adds a history entry; refining it, whether this box started it or the URL
 * came with it, replaces the entry, so Back returns to the list before the
 * search rather than to each word typed. A change of
 * `committed` from elsewhere (Back, a link, Clear search) shows in the box.
 */
export function useSearchText(committed: string, commit: (text: string, options: { replace: boolean }) => void) {
  const [text, setText] = useState(committed);
  const pushed = useRef(committed);
  const location = useLocation();
  const locationKey = useRef(location.key);
  // The history entry the last commit made: typing on there replaces it.
  const ownEntry = useRef<string | null>(null);
  const awaitingEntry = useRef(false);
  const latestCommit = useRef(commit);

  useEffect(() => {
    locationKey.current = location.key;
    latestCommit.current = commit;
    if (awaitingEntry.current) {
      awaitingEntry.current = false;
      ownEntry.current = location.key;
    }
  });

  useEffect(() => {
    if (committed !== pushed.current) {
      pushed.current = committed;
      setText(committed);
    }
  }, [committed]);

  useEffect(() => {
    if (text === pushed.current) return;
    const timer = setTimeout(() => {
      // Refining a search the URL already holds replaces it (the header's search lands on /products with
      // one); starting a search or clearing one is a step Back undoes.
      const replace = ownEntry.current === locationKey.current || (pushed.current !== '' && text !== '');
      pushed.current = text;
      awaitingEntry.current = true;
      latestCommit.current(text, { replace });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // Text typed just before the box goes (a filter drawer closed by "Show products") is committed then, not lost.
  const latestText = useRef(text);
  useEffect(() => {
    latestText.current = text;
  });
  useEffect(
    () => () => {
      const pending = latestText.current;
      if (pending === pushed.current) return;
      pushed.current = pending;
      latestCommit.current(pending, { replace: ownEntry.current === locationKey.current || (pushed.current !== '' && pending !== '') });
    },
    [],
  );

  const change = useCallback((value: string) => setText(value.slice(0, MAX_SEARCH_CHARS)), []);
  return [text, change] as const;
}
