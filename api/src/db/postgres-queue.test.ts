import { describe, expect, it } from 'vitest';

/**
 * postgres.js keeps its connections (and its waiting queries) in queues that forget a spent slot only
 * when the queue empties. Under steady load every connection stays busy, the busy queue never empties,
 * and each query added a slot that every later `remove` scanned: the api's throughput fell by half
 * within ten seconds at 50 connections. The patch in `patches/postgres@3.4.9.patch` drops the spent
 * slots as it goes. The queue copies the array it is given with `slice()`, which keeps the array's
 * class: a subclass that records its instances shows how long the queue's own array is.
 */
type Queue<T> = { readonly length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null };

async function loadQueue(): Promise<<T>(initial?: T[]) => Queue<T>> {
  const entry = import.meta.resolve('postgres');
  return ((await import(new URL('./queue.js', entry).href)) as { default: <T>(initial?: T[]) => Queue<T> }).default;
}

function recordingArray() {
  const made: unknown[][] = [];
  class Recorded<T> extends Array<T> {
    constructor(...args: T[]) {
      super(...args);
      made.push(this);
    }
  }
  return { initial: new Recorded<number>(), current: () => made.at(-1)! };
}

describe("postgres.js's connection queue (patched)", () => {
  it('keeps an array about as long as the queue while it never empties', async () => {
    const Queue = await loadQueue();
    const rec = recordingArray();
    const q = Queue(rec.initial);
    // Ten connections, always busy: each query takes the first and puts it back at the end.
    for (let c = 0; c < 10; c++) q.push(c);
    for (let i = 0; i < 200_000; i++) q.push(q.shift()!);
    expect(q.length).toBe(10);
    // Unpatched, the one array holds 200 010 slots here.
    expect(rec.current().length).toBeLessThan(4096);
  });

  it('still gives its items back in order and removes the one asked for', async () => {
    const Queue = await loadQueue();
    const q = Queue<number>();
    for (let i = 0; i < 5000; i++) q.push(i);
    const out: number[] = [];
    for (let i = 0; i < 3000; i++) out.push(q.shift()!);
    expect(out.slice(0, 3)).toEqual([0, 1, 2]);
    expect(out.at(-1)).toBe(2999);
    expect(q.remove(4000)).toBe(4000);
    expect(q.remove(10)).toBeNull();
    expect(q.remove(4000)).toBeNull();
    expect(q.length).toBe(1999);
    const rest: number[] = [];
    while (q.length) rest.push(q.shift()!);
    expect(rest.length).toBe(1999);
    expect(rest[0]).toBe(3000);
    expect(rest.includes(4000)).toBe(false);
    expect(rest.at(-1)).toBe(4999);
  });
});
