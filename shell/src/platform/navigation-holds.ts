/** What the pages holding unsaved edits asked the user to be told (`platform.holdNavigation`); the latest one speaks. */
export function createNavigationHolds() {
  const holds: { message: string }[] = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const l of listeners) l();
  };
  return {
    hold(message: string): () => void {
      const entry = { message };
      holds.push(entry);
      changed();
      return () => {
        const i = holds.indexOf(entry);
        if (i < 0) return;
        holds.splice(i, 1);
        changed();
      };
    },
    message: (): string | null => holds.at(-1)?.message ?? null,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NavigationHolds = ReturnType<typeof createNavigationHolds>;
