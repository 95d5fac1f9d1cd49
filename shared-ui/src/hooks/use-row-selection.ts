import { useCallback, useState } from 'react';

export interface RowSelection<T> {
  /** Whether a row's box is ticked (also a row not on screen now). */
  isSelected: (row: T) => boolean;
  /** Ticks or unticks rows: one row's box, or every row on screen for the select-all box. */
  toggle: (rows: readonly T[], on: boolean) => void;
  /** Unticks rows by id, e.g. those a decision has settled (stable across renders). */
  unselect: (ids: readonly string[]) => void;
  /** The ticked rows among those on screen: what a bulk action takes, never a row the user cannot see. */
  chosen: T[];
  /** Every row on screen is ticked (and there is one): the select-all box's state. */
  allChosen: boolean;
}

/**
 * The ticks of a list's rows, kept by id so that they outlive a refetch. What a bulk action acts on
 * is `chosen`: the ticked rows among `rows`, the ones on screen, so rows a search or another page
 * hides, or that left the list, stay out of it.
 */
export function useRowSelection<T>(rows: readonly T[], idOf: (row: T) => string): RowSelection<T> {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const set = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const unselect = useCallback((ids: readonly string[]) => set(ids, false), [set]);
  const chosen = rows.filter((r) => selected.has(idOf(r)));
  return {
    isSelected: (row) => selected.has(idOf(row)),
    toggle: (list, on) => set(list.map(idOf), on),
    unselect,
    chosen,
    allChosen: rows.length > 0 && chosen.length === rows.length,
  };
}
