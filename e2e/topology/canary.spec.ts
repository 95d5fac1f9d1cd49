import { ROUTES, type RemoteId } from '@portal/shared-contracts';
import { hash } from '../support/portal';
import { createCompanyAdmin, releaseJson, signedInPage } from '../support/release-helpers';
import { expect, test, type Page } from '../support/test';
import { releaseCliOnBucket, REMOTE_DIST, topology } from '../support/topology';

const REMOTE: RemoteId = 'mfe-insights';

/** Reloads the dashboard and returns the versions of REMOTE whose files the page fetched through nginx. */
async function versionsLoaded(page: Page): Promise<Set<string>> {
  const versions = new Set<string>();
  const onRequest = (req: { url(): string }) => {
    const m = new RegExp(`/remotes/${REMOTE}/([^/]+)/`).exec(new URL(req.url()).pathname);
    if (m?.[1]) versions.add(m[1]);
  };
  page.on('request', onRequest);
  await page.goto(hash(ROUTES.mainPage));
  await page.reload();
  await expect(page.locator(`[data-remote="${REMOTE}"] *`).first()).toBeVisible();
  page.off('request', onRequest);
  return versions;
}

test('a canary published to the bucket reaches the users of its targeted company only', async ({ browser, consoleGuard }) => {
  test.setTimeout(120_000);
  // Signing in as alpha tells the shell the company, whose canary then replaces the stable
  // registration made on the login page: the runtime warns about every such replacement.
  consoleGuard.expectReRegistered(REMOTE);
  const stable = (await releaseJson()).remotes[REMOTE]?.stable.version;
  expect(stable, `${REMOTE} is released at start`).toBeTruthy();
  const [alpha, beta] = await Promise.all([createCompanyAdmin('topo-alpha'), createCompanyAdmin('topo-beta')]);

  // ---- published into the object store by the release CLI (the built files, under a new version)
  const canary = `9.1.0-topology.${Date.now().toString(36)}`;
  const publish = releaseCliOnBucket('publish', REMOTE, '--version', canary, '--no-build', '--dir', REMOTE_DIST(REMOTE));
  expect(publish.code, publish.stderr).toBe(0);
  const stored = await fetch(`${topology().s3Endpoint}/portal-releases/portal/${REMOTE}/${canary}/mf-manifest.json`);
  expect(stored.status, 'the canary is an object in the bucket').toBe(200);
  const target = releaseCliOnBucket('canary', REMOTE, canary, '--percent', '0', '--companies', alpha.companyId);
  expect(target.code, target.stderr).toBe(0);
  expect((await releaseJson()).remotes[REMOTE]?.canary?.version, 'release.json through nginx names the canary').toBe(canary);

  // ---- alpha's users load the canary from /remotes/ (nginx -> bucket); beta's keep stable
  const alphaPage = await signedInPage(browser, alpha);
  const betaPage = await signedInPage(browser, beta);
  expect([...(await versionsLoaded(alphaPage))]).toEqual([canary]);
  const betaVersions = await versionsLoaded(betaPage);
  expect(betaVersions.has(canary), `beta loaded ${[...betaVersions].join(', ')}`).toBe(false);
  // Sticky: alpha again.
  expect([...(await versionsLoaded(alphaPage))]).toEqual([canary]);
  await alphaPage.screenshot({ path: test.info().outputPath('alpha-on-canary.png') });

  const end = releaseCliOnBucket('abort-canary', REMOTE);
  expect(end.code, end.stderr).toBe(0);
});
