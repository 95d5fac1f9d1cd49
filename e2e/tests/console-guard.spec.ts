import { ConsoleGuard, describeLine, expect, test, type ConsoleLine } from '../support/test';

test('a console error no journey declared is reported with its page', async ({ page, consoleGuard }) => {
  await page.setContent('<p>guarded</p>');
  await page.evaluate(() => console.error('x'));
  await expect.poll(() => consoleGuard.lines.length).toBe(1);
  expect(() => consoleGuard.check()).toThrow(/error: x\n\s+on about:blank/);
  // Declared, the same line no longer fails the journey.
  consoleGuard.expect(/^error: x$/);
  expect(() => consoleGuard.check()).not.toThrow();
});

test('warnings and uncaught exceptions, also of a context the journey opens itself, are reported', async ({ browser, consoleGuard }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<p>guarded</p>');
  await page.evaluate(() => {
    console.warn('y');
    setTimeout(() => {
      throw new Error('z');
    });
  });
  await expect.poll(() => consoleGuard.unexpected().map((l) => `${l.kind}: ${l.text}`)).toEqual(['warning: y', 'uncaught: Error: z']);
  consoleGuard.expect(/^warning: y$/);
  consoleGuard.expect(/^uncaught: Error: z/);
  await context.close();
});

test('the guard fails the journey at its end', async ({ page }) => {
  test.fail(true, 'an undeclared console error must fail the journey');
  await page.setContent('<p>guarded</p>');
  await page.evaluate(() => console.error('x'));
  await page.waitForTimeout(200);
});

test('a declaration covers only the status, path or remote it names', () => {
  const guard = new ConsoleGuard();
  guard.expectStatus(401, '/api/accounts/me');
  guard.expectRemoteDown('mfe-drivers', 404);
  const line = (kind: ConsoleLine['kind'], text: string, source: string): ConsoleLine => ({ kind, text, source, page: 'http://portal.test/#/' });
  const status = (code: string) => `Failed to load resource: the server responded with a status of ${code}`;
  const covered = [
    line('error', status('401 (Unauthorized)'), 'http://portal.test/api/accounts/me'),
    line('error', status('401 (Unauthorized)'), 'http://portal.test/api/accounts/me?fresh=1'),
    line('error', status('404 (Not Found)'), 'http://portal.test/remotes/mfe-drivers/1.0.0/mf-manifest.json'),
    line('warning', '[portal] afterResolve: http://portal.test/remotes/mfe-drivers/1.0.0/mf-manifest.json failed Error: x', ''),
    line('warning', '[portal] onLoad: mfe_drivers/DriversPage failed Error: x', ''),
    line('error', 'mfe-drivers/DriversPage could not be loaded: x', ''),
  ];
  const reported = [
    line('error', status('401 (Unauthorized)'), 'http://portal.test/api/accounts/me/extra'),
    line('error', status('403 (Forbidden)'), 'http://portal.test/api/accounts/me'),
    line('error', status('404 (Not Found)'), 'http://portal.test/remotes/mfe-insights/1.0.0/mf-manifest.json'),
    line('error', 'Failed to load resource: net::ERR_FAILED', 'http://portal.test/remotes/mfe-drivers/1.0.0/mf-manifest.json'),
    line('warning', '[portal] onLoad: mfe_insights/DashboardPage failed Error: x', ''),
    line('error', 'mfe-employees/EmployeeManagementPage could not be loaded: x', ''),
  ];
  for (const l of [...covered, ...reported]) guard.record(l);
  expect(guard.unexpected().map(describeLine)).toEqual(reported.map(describeLine));
});
