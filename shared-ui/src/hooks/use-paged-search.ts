import { useEffect, useRef, useState } from 'react';
import { usePlatform } from '@portal/shared-contracts/platform';
import { useDebouncedValue } from './use-debounced-value';

type Filters = Record<string, string>;

export interface PagedSearchOptions<F extends Filters> {
  /** Prefixes this list's keys in the URL (`pending.page`), so two lists on one route keep their own state. */
  param?: string;
  /** The filters' names and their default values. */
  filters?: F;
  /** How long the search text must rest before it applies; 0 applies it at once (a list searched in the page). */
  debounceMs?: number;
}

export interface PagedSearch<F extends Filters = Filters> {
  /** What the search box shows. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** The search that applies: the box's text, trimmed, once it has rested. */
  search: string;
  /** 1-based. */
  page: number;
  setPage: (page: number) => void;
  filters: Readonly<{ [K in keyof F]: string }>;
  setFilter: (name: keyof F & string, value: string) => void;
}

interface ListState {
  search: string;
  page: number;
  filters: Filters;
}

const NO_FILTERS: Filters = {};

/**
 * The search, page and filters of one list, kept in the hash route's query so that a reload or a
 * shared link opens the same page. State lives here and the URL follows it (written with `replace`,
 * which re-renders the route without remounting it, so the search box keeps its focus); a change of
 * the URL from elsewhere (a link to this route) is taken over. A new search or filter value starts
 * again from page 1. Keys holding their default value stay out of the URL.
 */
export function usePagedSearch<F extends Filters = Filters>({ param, filters, debounceMs = 300 }: PagedSearchOptions<F> = {}): PagedSearch<F> {
  const { location, navigate } = usePlatform();
  const defaults = filters ?? NO_FILTERS;
  const keys = urlKeys(param, defaults);

  const [state, setState] = useState<ListState>(() => readState(location.query, keys, defaults));
  const [searchText, setSearchText] = useState(state.search);

  const trimmed = searchText.trim();
  const settled = useDebouncedValue(trimmed, debounceMs);
  // The settled text applies once the box has rested on it (not while a taken-over URL search catches up).
  if (settled === trimmed && settled !== state.search) setState({ ...state, search: settled, page: 1 });

  const inUrl = ownQuery(location.query, keys);
  const wanted = stateQuery(state, keys, defaults);
  const seenInUrl = useRef(inUrl);
  const written = useRef(new Set<string>());
  useEffect(() => {
    const changed = inUrl !== seenInUrl.current;
    seenInUrl.current = inUrl;
    if (changed && inUrl === wanted) {
      written.current.clear();
      return;
    }
    if (changed && !written.current.has(inUrl)) {
      written.current.clear();
      const next = readState(location.query, keys, defaults);
      setState(next);
      setSearchText(next.search);
      return;
    }
    if (inUrl !== wanted) {
      written.current.add(wanted);
      const query = new URLSearchParams(location.query);
      for (const key of Object.values(keys.all)) query.delete(key);
      for (const [key, value] of new URLSearchParams(wanted)) query.set(key, value);
      const search = query.toString();
      navigate(search ? `${location.pathname}?${search}` : location.pathname, { replace: true });
    }
    // Runs when this list's part of the URL or its state changes; the rest of the URL is read as it is then.
  }, [inUrl, wanted]);

  return {
    searchText,
    setSearchText,
    search: state.search,
    page: state.page,
    setPage: (page) => setState((s) => (s.page === page ? s : { ...s, page })),
    filters: state.filters as PagedSearch<F>['filters'],
    setFilter: (name, value) => setState((s) => (s.filters[name] === value ? s : { ...s, filters: { ...s.filters, [name]: value }, page: 1 })),
  };
}

interface UrlKeys {
  search: string;
  page: string;
  filters: Record<string, string>;
  all: Record<string, string>;
}

function urlKeys(param: string | undefined, defaults: Filters): UrlKeys {
  const key = (name: string) => (param ? `${param}.${name}` : name);
  const filters = Object.fromEntries(Object.keys(defaults).map((name) => [name, key(name)]));
  return { search: key('search'), page: key('page'), filters, all: { search: key('search'), page: key('page'), ...filters } };
}

function readState(query: URLSearchParams, keys: UrlKeys, defaults: Filters): ListState {
  const rawPage = query.get(keys.page) ?? '';
  const page = /^[1-9]\d{0,8}$/.test(rawPage) ? Number(rawPage) : 1;
  const filters = Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, query.get(keys.filters[name]!) || value]));
  return { search: (query.get(keys.search) ?? '').trim(), page, filters };
}

/** This list's keys as they stand in the URL, in a fixed order, to compare with the state's. */
function ownQuery(query: URLSearchParams, keys: UrlKeys): string {
  const own = new URLSearchParams();
  for (const key of Object.values(keys.all)) {
    const value = query.get(key);
    if (value !== null) own.set(key, value);
  }
  return own.toString();
}

function stateQuery(state: ListState, keys: UrlKeys, defaults: Filters): string {
  const own = new URLSearchParams();
  if (state.search) own.set(keys.search, state.search);
  if (state.page !== 1) own.set(keys.page, String(state.page));
  for (const [name, value] of Object.entries(state.filters)) if (value !== defaults[name]) own.set(keys.filters[name]!, value);
  // Same order as ownQuery: search, page, then the filters.
  return ownQuery(own, keys);
}
