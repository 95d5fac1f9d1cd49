import { MESSAGES, ROUTES, type RemoteId } from '@portal/shared-contracts';
import type { Browser, Page } from '@playwright/test';
import { portalUrl } from '../support/portal';
import { releaseJson, reloadOn } from '../support/release-helpers';
import { expect, test } from '../support/test';
import { releaseCliOnBucket, REMOTE_DIST, topology, UPSTREAM_HEADER } from '../support/topology';

const REMOTE: RemoteId = 'mfe-auth';
const P = MESSAGES.releasePreview;

/** `pnpm release preview ...` against the bucket: the link (through nginx) and the preview's id and end. */
function previewLink(version: string, expires: string) {
  const res = releaseCliOnBucket('preview', REMOTE, version, '--expires', expires);
  expect(res.code, res.stderr).toBe(0);
  const [link, line] = res.stdout.trim().split('\n');
  const made = /^preview ([0-9a-f]{16}): \S+ \S+ until (\S+) /.exec(line ?? '');
  expect(made, res.stdout).not.toBeNull();
  return { link: link!, id: made![1]!, until: Date.parse(made![2]!) };
}

/** A browser of its own (contexts share no cookie), at `url`. */
async function browserAt(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  return page;
}

/** Reloads the login page and returns the build of REMOTE it renders and the versions whose files it fetched. */
async function loginBuild(page: Page): Promise<{ marker: string | null; fetched: string[] }> {
  const fetched = new Set<string>();
  const onRequest = (req: { url(): string }) => {
    const m = new RegExp(`^/remotes/${REMOTE}/([^/]+)/`).exec(new URL(req.url()).pathname);
    if (m?.[1]) fetched.add(m[1]);
  };
  page.on('request', onRequest);
  const marker = await reloadOn(page, ROUTES.login, REMOTE);
  page.off('request', onRequest);
  return { marker, fetched: [...fetched] };
}

/** The page's own release.json (its cookies), with the address nginx took it from. */
async function pageRelease(page: Page): Promise<{ body: Record<string, unknown>; upstream: string | undefined; cacheControl: string | undefined }> {
  const res = await page.request.get(`${portalUrl()}/release.json`);
  expect(res.status()).toBe(200);
  return { body: (await res.json()) as Record<string, unknown>, upstream: res.headers()[UPSTREAM_HEADER], cacheControl: res.headers()['cache-control'] };
}

test('a preview link through nginx pins its version in one browser only, survives a reload, is left, revoked and expires', async ({ browser }) => {
  test.setTimeout(150_000);
  const t = topology();
  const s3 = new URL(t.s3Endpoint).host;
  const portalServer = new URL(t.portalUrl).host;
  const stable = (await releaseJson()).remotes[REMOTE]!.stable.version;

  // ---- the built files published to the bucket under a version of their own (as a pull request's CI job would)
  const version = `9.5.0-pr.3.${Date.now().toString(36)}`;
  const publish = releaseCliOnBucket('publish', REMOTE, '--version', version, '--no-build', '--dir', REMOTE_DIST(REMOTE));
  expect(publish.code, publish.stderr).toBe(0);
  const link = previewLink(version, '10m');
  expect(link.link.startsWith(`${t.nginxUrl}/?preview=`), link.link).toBe(true);

  // ---- ordinary traffic: the page and release.json from the files and the bucket, never the portal server
  const plain = await fetch(`${t.nginxUrl}/release.json`);
  expect(plain.headers.get(UPSTREAM_HEADER), 'release.json without a preview comes from the bucket').toBe(s3);
  const stored = (await plain.json()) as { previews?: { id: string }[] };
  // The bucket's own file, as the CLI wrote it (docs/decisions/0046 says why its list is harmless).
  expect(stored.previews?.map((p) => p.id)).toContain(link.id);
  const page = await fetch(`${t.nginxUrl}/`);
  expect(page.headers.get(UPSTREAM_HEADER), 'the page without a preview is a static file').toBeNull();

  // ---- the link, in one browser: the banner, the previewed build's files, through a reload
  const mine = await browserAt(browser, link.link);
  const banner = mine.getByTestId('preview-banner');
  await expect(banner).toContainText(`${REMOTE} ${version}`);
  expect(mine.url()).not.toContain('preview=');
  expect(await mine.context().cookies()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'portal_preview', httpOnly: true, sameSite: 'Lax' })]));
  // The files are the stable build's, published again: the previewed version shows in their addresses.
  expect((await loginBuild(mine)).fetched).toEqual([version]);
  await mine.reload();
  expect((await loginBuild(mine)).fetched, 'a reload keeps the preview').toEqual([version]);
  await expect(banner).toBeVisible();
  const own = await pageRelease(mine);
  expect(own.upstream, "a previewing browser's release.json comes from the portal server").toBe(portalServer);
  expect(own.cacheControl).toBe('no-store');
  expect(own.body.preview).toMatchObject({ id: link.id, remote: REMOTE });
  expect(own.body).not.toHaveProperty('previews');
  await mine.screenshot({ path: test.info().outputPath('preview-through-nginx.png') });

  // ---- another browser: what everyone gets, from the bucket
  const theirs = await browserAt(browser, t.nginxUrl);
  expect(await loginBuild(theirs)).toEqual({ marker: stable, fetched: [stable] });
  await expect(theirs.getByTestId('preview-banner')).toHaveCount(0);
  expect((await pageRelease(theirs)).upstream).toBe(s3);

  // ---- "Leave preview": back to what everyone gets, and to the bucket
  await banner.getByRole('link', { name: P.leave }).click();
  await expect(mine.getByTestId('preview-banner')).toHaveCount(0);
  expect(await loginBuild(mine)).toEqual({ marker: stable, fetched: [stable] });
  expect((await pageRelease(mine)).upstream).toBe(s3);

  // ---- revoked: the link and the browser holding it say so
  await mine.goto(link.link);
  await expect(banner).toBeVisible();
  const revoke = releaseCliOnBucket('revoke-preview', link.id);
  expect(revoke.code, revoke.stderr).toBe(0);
  await mine.reload();
  await expect(mine.getByTestId('preview-refused')).toContainText(P.refused.revoked);
  expect((await loginBuild(mine)).fetched).toEqual([stable]);
  await mine.goto(link.link);
  await expect(mine.getByTestId('preview-refused')).toContainText(P.refused.revoked);

  // ---- expired: a short link, opened, then after its end
  const short = previewLink(version, '12s');
  await mine.goto(short.link);
  await expect(banner).toContainText(`${REMOTE} ${version}`);
  await new Promise((r) => setTimeout(r, Math.max(0, short.until - Date.now() + 1_500)));
  expect((await loginBuild(mine)).fetched).toEqual([stable]);
  await expect(banner).toHaveCount(0);
  await mine.goto(short.link);
  await expect(mine.getByTestId('preview-refused')).toContainText(P.refused.expired);

  for (const p of [mine, theirs]) await p.context().close();
});
