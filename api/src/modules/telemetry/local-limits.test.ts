import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS_MAX, LocalLimiter } from './local-limits';

describe('the telemetry rate limits counted in the process', () => {
  it('counts each key per fixed minute and says how long until the minute ends', () => {
    const l = new LocalLimiter();
    const minute = 1_800_000_000_000;
    expect(l.hitAll(['a', 'b'], minute + 15_000)).toEqual([{ count: 1, retryAfter: 45 }, { count: 1, retryAfter: 45 }]);
    expect(l.hitAll(['a'], minute + 59_500)).toEqual([{ count: 2, retryAfter: 1 }]);
    // The next minute starts over.
    expect(l.hitAll(['a'], minute + 60_000)).toEqual([{ count: 1, retryAfter: 60 }]);
  });

  it('holds a bounded number of keys a minute: a new key past it reads as over any limit, known ones count on', () => {
    const l = new LocalLimiter();
    const at = 1_800_000_000_000;
    for (let i = 0; i < LOCAL_KEYS_MAX; i++) l.hitAll([`k${i}`], at);
    expect(l.hitAll(['new'], at)[0]!.count).toBe(Number.MAX_SAFE_INTEGER);
    expect(l.hitAll(['k1'], at)[0]!.count).toBe(2);
    expect(l.hitAll(['new'], at + 60_000)[0]!.count).toBe(1);
  });
});
