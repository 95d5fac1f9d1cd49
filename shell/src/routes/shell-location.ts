/** Where the page is: the hash route's path and query (`/reset-password`, `?token=...`). */
export interface ShellPath {
  pathname: string;
  search: string;
}

export interface ShellNavigateOptions {
  replace?: boolean;
}

/**
 * The address the public pages render from before the router is loaded (a visitor's login page needs
 * no router): the hash route on the page, a list of entries in tests. Its history entries carry the
 * router's own state shape (`usr`, `key`, `idx`), so the router, once loaded, counts Back and Forward
 * (and holds them for unsaved edits) across the entries made before it.
 */
export interface ShellLocation {
  get(): ShellPath;
  subscribe(listener: () => void): () => void;
  navigate(to: string, options?: ShellNavigateOptions): void;
  /** The route as the router's memory history takes it (tests), or null on the page (hash history). */
  memoryEntry(): string | null;
}

/** `/path?query#x` -> its path and query; an empty path is the login page's `/`. */
export function parsePath(path: string): ShellPath {
  const noHash = path.split('#')[0] ?? '';
  const q = noHash.indexOf('?');
  const pathname = q < 0 ? noHash : noHash.slice(0, q);
  const search = q < 0 ? '' : noHash.slice(q);
  return { pathname: pathname || '/', search: search === '?' ? '' : search };
}

/** `to` against the current path: absolute paths as they are, a query alone on the current page. */
function resolve(to: string, current: ShellPath): string {
  if (to.startsWith('/')) return to;
  if (to.startsWith('?')) return `${current.pathname}${to}`;
  const base = current.pathname.endsWith('/') ? current.pathname : `${current.pathname.slice(0, current.pathname.lastIndexOf('/') + 1)}`;
  return `${base}${to}`;
}

function createStore(read: () => ShellPath) {
  let snapshot = read();
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    /** Re-reads the address; listeners hear only of a real change. */
    changed() {
      const next = read();
      if (next.pathname === snapshot.pathname && next.search === snapshot.search) return;
      snapshot = next;
      for (const l of listeners) l();
    },
    listeners,
  };
}

interface RouterHistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

/** The hash route of the page; Back, Forward and a typed address are heard through `popstate`. */
export function createHashLocation(win: Window = window): ShellLocation {
  const history = win.history;
  const state = () => (history.state ?? {}) as RouterHistoryState;
  // The router does the same when it starts: the first entry is index 0.
  if (typeof state().idx !== 'number') history.replaceState({ ...state(), idx: 0 }, '');
  const store = createStore(() => parsePath(win.location.hash.slice(1)));
  const onPop = () => store.changed();
  const key = () => Math.random().toString(36).slice(2, 10);
  return {
    get: store.get,
    subscribe(listener) {
      if (store.listeners.size === 0) win.addEventListener('popstate', onPop);
      store.listeners.add(listener);
      // The address may have moved while no one listened.
      store.changed();
      return () => {
        store.listeners.delete(listener);
        if (store.listeners.size === 0) win.removeEventListener('popstate', onPop);
      };
    },
    navigate(to, options) {
      const path = resolve(to, store.get());
      const idx = state().idx ?? 0;
      if (options?.replace) history.replaceState({ usr: null, key: key(), idx }, '', `#${path}`);
      else history.pushState({ usr: null, key: key(), idx: idx + 1 }, '', `#${path}`);
      store.changed();
    },
    memoryEntry: () => null,
  };
}

/** A list of entries for tests (the router then starts in memory at the current one). */
export function createMemoryLocation(initialPath: string): ShellLocation {
  const entries = [initialPath];
  let index = 0;
  const store = createStore(() => parsePath(entries[index] ?? '/'));
  return {
    get: store.get,
    subscribe(listener) {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    navigate(to, options) {
      const path = resolve(to, store.get());
      if (options?.replace) entries[index] = path;
      else {
        entries.splice(index + 1, entries.length, path);
        index += 1;
      }
      store.changed();
    },
    memoryEntry: () => entries[index] ?? '/',
  };
}

/** The public page drawn at this path, matched as the router would (any case, a trailing slash). */
export function normalisedPath(pathname: string): string {
  return (pathname.replace(/\/+$/, '') || '/').toLowerCase();
}
