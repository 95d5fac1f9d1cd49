import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { atom, createStore, StoreProvider, useAtomValue } from './portal-store';

const nameAtom = atom('nobody');

function Name() {
  return <p>{useAtomValue(nameAtom)}</p>;
}

describe('portal store', () => {
  it('starts each store at the atom’s value and shows every change to the components reading it', () => {
    const store = createStore();
    const other = createStore();
    render(
      <StoreProvider store={store}>
        <Name />
      </StoreProvider>,
    );
    expect(screen.getByText('nobody')).toBeInTheDocument();
    act(() => store.set(nameAtom, 'Ann'));
    expect(screen.getByText('Ann')).toBeInTheDocument();
    expect(other.get(nameAtom)).toBe('nobody');
  });

  it('stops telling a listener once it unsubscribes', () => {
    const store = createStore();
    let calls = 0;
    const stop = store.sub(nameAtom, () => calls++);
    store.set(nameAtom, 'Ann');
    store.set(nameAtom, 'Ann');
    stop();
    store.set(nameAtom, 'Bob');
    expect(calls).toBe(1);
  });
});
