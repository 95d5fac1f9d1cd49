import { createContext, createElement, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';

// The shell's state is two values (the session, whether a sign-in is under way). This is the part of
// an atom library it uses, without the library: it is on the login page's path
// (docs/decisions/0019-bundle-budgets.md).

/** A value the store holds, starting at `init` in every store. */
export interface Atom<T> {
  readonly init: T;
}

export function atom<T>(init: T): Atom<T> {
  return { init };
}

export interface PortalStore {
  get<T>(a: Atom<T>): T;
  set<T>(a: Atom<T>, value: T): void;
  /** Calls `listener` after every change of `a`; returns the unsubscribe. */
  sub(a: Atom<unknown>, listener: () => void): () => void;
}

export function createStore(): PortalStore {
  const values = new Map<Atom<unknown>, unknown>();
  const listeners = new Map<Atom<unknown>, Set<() => void>>();
  return {
    get: <T>(a: Atom<T>) => (values.has(a) ? (values.get(a) as T) : a.init),
    set<T>(a: Atom<T>, value: T) {
      if (values.has(a) ? Object.is(values.get(a), value) : Object.is(a.init, value)) return;
      values.set(a, value);
      for (const l of [...(listeners.get(a) ?? [])]) l();
    },
    sub(a, listener) {
      let set = listeners.get(a);
      if (!set) listeners.set(a, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

const StoreContext = createContext<PortalStore | null>(null);

export function StoreProvider({ store, children }: { store: PortalStore; children?: ReactNode }) {
  return createElement(StoreContext.Provider, { value: store }, children);
}

/** The atom's value in the given store, or the one the nearest StoreProvider holds; re-renders on change. */
export function useAtomValue<T>(a: Atom<T>, o: { store?: PortalStore } = {}): T {
  const fromContext = useContext(StoreContext);
  const store = o.store ?? fromContext;
  if (!store) throw new Error('useAtomValue needs a store: pass one or render inside StoreProvider');
  const subscribe = useCallback((listener: () => void) => store.sub(a, listener), [store, a]);
  return useSyncExternalStore(subscribe, () => store.get(a));
}
