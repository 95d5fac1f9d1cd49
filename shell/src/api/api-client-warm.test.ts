import { afterEach, describe, expect, it, vi } from 'vitest';

const core = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./client-core', async (importOriginal) => {
  core.loads += 1;
  return importOriginal();
});

const { warmApiClientOnFirstUse } = await import('./api-client');

// The client's code is off the login page's path (docs/decisions/0026): a visitor's first touch of
// the page fetches it, so that the sign-in that follows does not wait for it.
describe("the api client's code on a public page", () => {
  afterEach(() => vi.useRealTimers());

  it('is fetched when the visitor first focuses a field, not before', async () => {
    warmApiClientOnFirstUse(window);
    await new Promise((r) => setTimeout(r, 20));
    expect(core.loads).toBe(0);
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await vi.waitFor(() => expect(core.loads).toBe(1));
  });
});
