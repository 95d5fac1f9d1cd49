import { describe, expect, it } from 'vitest';
import prefetchWarmingPlugin from './prefetch-runtime-plugin';

type CreateLink = (args: { url: string; attrs?: Record<string, unknown> }) => unknown;
const createLink = prefetchWarmingPlugin().createLink as unknown as CreateLink;
const url = 'https://portal.test/remotes/mfe-employees/1.0.0/static/js/async/page.js';

describe('prefetchWarmingPlugin', () => {
  it('warms a remote file with rel=prefetch, which the browser never warns about, instead of rel=preload', () => {
    const link = createLink({ url, attrs: { rel: 'preload', as: 'script' } }) as HTMLLinkElement;
    expect(link).toBeInstanceOf(HTMLLinkElement);
    expect(link.getAttribute('rel')).toBe('prefetch');
    expect(link.getAttribute('as')).toBe('script');
    expect(link.href).toBe(url);
  });

  it('leaves every other link (a stylesheet, a module preload) to the runtime', () => {
    expect(createLink({ url, attrs: { rel: 'stylesheet', type: 'text/css' } })).toBeUndefined();
    expect(createLink({ url, attrs: { rel: 'modulepreload' } })).toBeUndefined();
  });
});
