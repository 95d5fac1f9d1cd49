import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it("puts zod in jitless mode through the settings every copy of it shares, without importing it", async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/mini');
    expect(config().jitless).toBe(true);
    expect((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless).toBe(true);
  });
});
