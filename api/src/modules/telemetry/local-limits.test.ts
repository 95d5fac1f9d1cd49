import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS_MAX, LocalLimiter } from './local-limits';

describe('the telemetry rate limits counted in the process', () => {
  it("counts each key for a minute from its first batch and says how long until that minute ends", () => {
    const l = new LocalLimiter();
    const at = 1_800_000_015_000;
    expect(l.hitAll(['a', 'b'], at)).toEqual([{ count: 1, retryAfter: 60 }, { count: 1, retryAfter: 60 }]);
    expect(l.hitAll(['a'], at + 59_500)).toEqual([{ count: 2, retryAfter: 1 }]);
    // Its minute is over: it starts again.
    expect(l.hitAll(['a'], at + 60_000)).toEqual([{ count: 1, retryAfter: 60 }]);
  });

  it('holds a bounded number of keys: a new key past it reads as over any limit, known ones count on, ended ones make room', () => {
    const l = new LocalLimiter();
    const at = 1_800_000_000_000;
    for (let i = 0; i < LOCAL_KEYS_MAX; i++) l.hitAll([`k${i}`], at);
    expect(l.hitAll(['new'], at + 1)[0]!.count).toBe(Number.MAX_SAFE_INTEGER);
    expect(l.hitAll(['k1'], at + 1)[0]!.count).toBe(2);
    expect(l.hitAll(['new'], at + 60_000)[0]!.count).toBe(1);
  });
});
