import { describe, expect, it } from 'vitest';
import { SHELL_MESSAGES } from './shell';
import { SHELL_START_MESSAGES } from './shell-start';

// The shell's start-up reads its texts from shell-start.ts, everything else from SHELL_MESSAGES:
// both must show the same text for the same key.
describe("the shell's start-up texts", () => {
  it('are in SHELL_MESSAGES at the same place, with the same text', () => {
    const leaves = (o: object, at: string[] = []): [string, unknown][] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as object, [...at, k]) : [[[...at, k].join('.'), v]]));
    const all = new Map(leaves(SHELL_MESSAGES));
    const start = leaves(SHELL_START_MESSAGES);
    expect(start.length).toBe(7);
    for (const [key, text] of start) expect(all.get(key), key).toBe(text);
  });

  it('are the few the start-up shows, not every text of the shell', () => {
    expect(Object.keys(SHELL_START_MESSAGES.shell).sort()).toEqual(['reloadPage', 'startFailed', 'startFailedHint']);
    expect(Object.keys(SHELL_START_MESSAGES.common)).toEqual(['unknownError']);
  });
});
