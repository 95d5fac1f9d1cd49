import { expect, test } from '../support/test';
import { MESSAGES, REMOTES, ROUTES } from '@portal/shared-contracts';
import { expectRoute, hash, logOutViaProfileMenu, signInReadyEmployer, uniqueEmail, withholdRelease } from '../support/portal';
import { settled } from '../support/route-tour';

test('a remote that cannot load is contained: its route shows the fallback, the rest keeps working', async ({ page, request, consoleGuard }) => {
  // An employer whose setup is complete: the employer area (My profile among it) is theirs.
  await signInReadyEmployer(page, request, 'Dee Isolated', uniqueEmail('isolated'), 'Isolated123');
  consoleGuard.expectRemoteDown('mfe-auth', 'aborted');
  // The dashboard done loading first: its remotes may take shared code from mfe-auth's chunks, and a
  // chunk cut off mid-load would fail them too, which is not what this journey is about.
  await settled(page);

  await page.route('**/remotes/mfe-auth/**', (route) => route.abort());
  await page.goto(hash(ROUTES.loginDetails));
  await page.reload();

  await expect(page.getByText(MESSAGES.common.featureUnavailable(REMOTES['mfe-auth'].feature))).toBeVisible();
  await expect(page.getByRole('button', { name: MESSAGES.common.retry })).toBeVisible();
  await expect(page.getByRole('navigation', { name: MESSAGES.shell.employerNav })).toBeVisible();

  await page.getByRole('navigation', { name: MESSAGES.shell.employerNav }).getByRole('link', { name: MESSAGES.labels.employerNav[0], exact: true }).click();
  await expectRoute(page, ROUTES.mainPage);

  // Log Out still works; the login page belongs to the blocked remote, so its place shows the fallback.
  await logOutViaProfileMenu(page, 'Dee Isolated');
  await expect(page).toHaveURL(/^[^#]*\/(#\/?)?$/);
  await expect(page.getByText(MESSAGES.common.featureUnavailable(REMOTES['mfe-auth'].feature))).toBeVisible();
  await expect(page.getByRole('navigation', { name: MESSAGES.shell.employerNav })).toHaveCount(0);
});

test('the page holds exactly one React, whichever remotes it loaded', async ({ page, request }) => {
  await page.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject(renderer: unknown) {
        renderers.set(renderers.size + 1, renderer);
        return renderers.size;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
  });
  const rendererCount = () =>
    page.evaluate(() => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);

  await page.goto(hash(ROUTES.login));
  await expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible();
  await signInReadyEmployer(page, request, 'Eve Single', uniqueEmail('single-react'), 'SingleReact1');
  for (const route of [ROUTES.loginDetails, ROUTES.mainPage, ROUTES.employeeManagement, ROUTES.companySettings]) {
    await page.goto(hash(route));
    await expect(page.getByRole('navigation', { name: MESSAGES.shell.employerNav })).toBeVisible();
  }
  // The visited pages' remotes load in the background (the nav shows first): wait for them.
  const remotesLoaded = () =>
    page.evaluate(() =>
      [...new Set(performance.getEntriesByType('resource').map((e) => /\/remotes\/([^/]+)\/[^/]+\/remoteEntry\.js/.exec(e.name)?.[1]).filter(Boolean))],
    );
  await expect.poll(async () => (await remotesLoaded()).length, { message: 'remotes loaded', timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  expect(await rendererCount()).toBe(1);
});

test('a route whose remote is not released says so calmly in its place, with nothing to retry', async ({ page, request, consoleGuard }) => {
  // The run releases every remote it built, so this page gets a release without mfe-employees.
  await withholdRelease(page, 'mfe-employees');
  consoleGuard.expectNotReleased('mfe-employees');
  await signInReadyEmployer(page, request, 'Flo Unreleased', uniqueEmail('unreleased'), 'Unreleased123');
  await page.goto(hash(ROUTES.employeeManagement));
  // The page's slot shows the note (the header's join-request bell of the same remote stays out of sight).
  const main = page.getByRole('main');
  await expect(main.getByText(MESSAGES.shell.featureNotReleased(REMOTES['mfe-employees'].feature))).toBeVisible();
  await expect(main.getByText(MESSAGES.common.featureUnavailable(REMOTES['mfe-employees'].feature))).toHaveCount(0);
  await expect(main.getByRole('button', { name: MESSAGES.common.retry })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: MESSAGES.shell.employerNav })).toBeVisible();
});

test('Retry loads a remote again once it can be reached, without reloading the page', async ({ page, request, consoleGuard }) => {
  await signInReadyEmployer(page, request, 'Gus Retry', uniqueEmail('retry'), 'RetryAgain123');
  consoleGuard.expectRemoteDown('mfe-auth', 'aborted');
  await settled(page);

  // Down at first: its manifest, entry and chunks cannot be fetched.
  const blocked = '**/remotes/mfe-auth/**';
  await page.route(blocked, (route) => route.abort());
  await page.goto(hash(ROUTES.loginDetails));
  await page.reload();
  const main = page.getByRole('main');
  const failed = main.getByRole('alert').filter({ hasText: MESSAGES.common.featureUnavailable(REMOTES['mfe-auth'].feature) });
  await expect(failed).toContainText(MESSAGES.shell.featureLoadFailedHint);
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // Back up: Retry fetches it afresh (registering it again) and the page appears in the panel's place.
  await page.unroute(blocked);
  consoleGuard.expectReRegistered('mfe-auth');
  await failed.getByRole('button', { name: MESSAGES.common.retry }).click();
  await expect(main.getByRole('button', { name: MESSAGES.changePassword.button })).toBeVisible();
  await expect(failed).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});
