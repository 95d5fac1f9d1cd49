export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastStore {
  show(kind: ToastKind, message: string): number;
  dismiss(id: number): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly ToastItem[];
}

/**
 * A tiny external store: the shell creates one, passes it to `<Toaster>` and wraps `show` in the
 * platform's `toast`. Kept outside React so a toast can be raised from anywhere (e.g. an HTTP hook).
 */
export function createToastStore(): ToastStore {
  let items: readonly ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    show(kind, message) {
      const id = nextId++;
      items = [...items, { id, kind, message }];
      emit();
      return id;
    },
    dismiss(id) {
      if (!items.some((t) => t.id === id)) return;
      items = items.filter((t) => t.id !== id);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      return items;
    },
  };
}
