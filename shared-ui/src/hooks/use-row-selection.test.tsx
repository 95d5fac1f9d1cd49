import { act, renderHook } from '@testing-library/react';
import { useRowSelection } from './use-row-selection';

interface Row {
  id: string;
}
const rows = (...ids: string[]): Row[] => ids.map((id) => ({ id }));

describe('useRowSelection', () => {
  it('acts only on the ticked rows on screen, and keeps the ticks of rows out of sight', () => {
    const { result, rerender } = renderHook(({ shown }) => useRowSelection(shown, (r) => r.id), { initialProps: { shown: rows('a', 'b', 'c') } });
    act(() => result.current.toggle(rows('a', 'c'), true));
    expect(result.current.chosen.map((r) => r.id)).toEqual(['a', 'c']);
    expect(result.current.allChosen).toBe(false);
    // A search hides "a": a bulk action no longer takes it, and select-all reads the rows on screen.
    rerender({ shown: rows('c') });
    expect(result.current.chosen.map((r) => r.id)).toEqual(['c']);
    expect(result.current.allChosen).toBe(true);
    // Shown again, it is still ticked.
    rerender({ shown: rows('a', 'b', 'c') });
    expect(result.current.isSelected({ id: 'a' })).toBe(true);
  });

  it('unticks settled rows by id, and an empty list is never all ticked', () => {
    const { result, rerender } = renderHook(({ shown }) => useRowSelection(shown, (r) => r.id), { initialProps: { shown: rows('a', 'b') } });
    act(() => result.current.toggle(rows('a', 'b'), true));
    expect(result.current.allChosen).toBe(true);
    act(() => result.current.unselect(['a']));
    expect(result.current.chosen.map((r) => r.id)).toEqual(['b']);
    rerender({ shown: [] });
    expect(result.current.allChosen).toBe(false);
  });
});
