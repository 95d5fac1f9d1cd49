import { expect, test } from '../support/test';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { MESSAGES, REMOTES, ROUTES, type RemoteId } from '@portal/shared-contracts';
import { expectRoute, hash, releasedRemotes } from '../support/portal';
import { createCompanyAdmin, signedInPage } from '../support/release-helpers';

// Issue 14: the first visit to a remote's page fetches, beyond what the shell already holds, one
// manifest and at most two scripts for it (its remoteEntry.js and the page's own chunk, which carries
// the page's own dependencies: remotes are built without split chunks), each once; a second visit
// fetches nothing for it. The page's stylesheet is a third file still (docs/decisions/0019). Counted
// on the network (a file the cache answers is not a fetch), from the signed-in page's load, so the
// warm-up on idle and on hover counts with the visit it prepares.

/** The files of each remote that went over the network, in the order they were asked for. */
async function networkFetches(page: Page): Promise<{ of: (remote: RemoteId) => string[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fetched = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.includes('/remotes/')) fetched.set(e.requestId, new URL(e.request.url).pathname);
  });
  cdp.on('Network.requestServedFromCache', (e) => fetched.delete(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) fetched.delete(e.requestId);
  });
  return { of: (remote) => [...fetched.values()].filter((p) => p.startsWith(`/remotes/${remote}/`)), cdp };
}

const kinds = (files: string[]) => ({
  manifests: files.filter((f) => f.endsWith('/mf-manifest.json')),
  chunks: files.filter((f) => f.endsWith('.js')),
  stylesheets: files.filter((f) => f.endsWith('.css')),
  other: files.filter((f) => !/\/mf-manifest\.json$|\.js$|\.css$/.test(f)),
});

const VISITS: { remote: RemoteId; route: string; away: string; complete: (page: Page) => Locator }[] = [
  // A remote with one page: the warm-up of a neighbouring page of the same remote (a nav link's) is
  // not this page's visit, and would count here. A company on its trial sees the page whole once the
  // Start subscription form (a part fetched when the billing answer asks for it) stands on it.
  {
    remote: 'mfe-billing',
    route: ROUTES.payment,
    away: ROUTES.loginDetails,
    complete: (page) => page.getByRole('button', { name: MESSAGES.billing.startButton, exact: true }),
  },
];

for (const visit of VISITS) {
  test(`the first visit to ${visit.remote}'s page fetches one manifest and at most two scripts for it, the second nothing`, async ({ browser, request }) => {
    expect([...(await releasedRemotes(request))], `${visit.remote} must be released`).toContain(visit.remote);
    const admin = await createCompanyAdmin(`first-visit-${visit.remote}`);
    const page = await signedInPage(browser, admin);
    // A fresh page load with an empty cache: only what this load fetches counts.
    await page.goto(hash(visit.away));
    const net = await networkFetches(page);
    await net.cdp.send('Network.clearBrowserCache');
    await page.reload();
    await expectRoute(page, visit.away);
    // What the layout itself holds of the remote (the billing remote's trial notice stands on every
    // employer page) is the shell's, fetched before the visit: the page's own files are the rest.
    await page.waitForLoadState('networkidle');
    const layout = net.of(visit.remote);

    await page.goto(hash(visit.route));
    await expect(page.locator(`[data-remote="${visit.remote}"] *`).first()).toBeVisible();
    // Anything the page fetches right after it shows (a lazily loaded part) counts too.
    await expect(visit.complete(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const first = net.of(visit.remote);
    const own = first.slice(layout.length);
    const { manifests, other } = kinds(first);
    const { chunks, stylesheets } = kinds(own);
    test.info().annotations.push({ type: `${visit.remote} first visit`, description: `layout: ${layout.join(', ')}; page: ${own.join(', ')}` });
    expect(manifests, `${REMOTES[visit.remote].mfName} manifests fetched: ${first.join(', ')}`).toHaveLength(1);
    expect(chunks.length, `${visit.remote} chunks fetched: ${own.join(', ')}`).toBeLessThanOrEqual(2);
    expect(new Set(first).size, `a file fetched twice: ${first.join(', ')}`).toBe(first.length);
    expect(stylesheets.length, `${visit.remote} stylesheets fetched: ${own.join(', ')}`).toBeLessThanOrEqual(1);
    expect(other, 'only a manifest, scripts and the page stylesheet').toEqual([]);

    // The second visit, in the same page: nothing goes over the network for the remote.
    await page.goto(hash(visit.away));
    await expectRoute(page, visit.away);
    await page.goto(hash(visit.route));
    await expect(visit.complete(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(net.of(visit.remote), 'the second visit fetched again').toEqual(first);
    await page.context().close();
  });
}
