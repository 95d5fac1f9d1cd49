import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { hash } from '../support/portal';

const READY: Record<string, (page: Page) => Promise<void>> = {
  login: (page) => expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible(),
  signup: (page) => expect(page.locator('form button[type="submit"]')).toBeVisible(),
};

for (const [name, route] of [
  ['login', ROUTES.login],
  ['signup', ROUTES.signup],
] as const) {
  test(`the ${name} page has no serious accessibility violations`, async ({ page }) => {
    await page.goto(hash(route));
    await READY[name]?.(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  });
}

test('the portal runs under its Content-Security-Policy without violations', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  await page.goto(hash(ROUTES.login));
  await READY.login?.(page);
  await page.goto(hash(ROUTES.signup));
  await READY.signup?.(page);
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect(violations).toEqual([]);
});

test('the login page answers with the security headers, never cached', async ({ request }) => {
  const res = await request.get('/');
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(res.headers()['referrer-policy']).toBe('no-referrer');
  expect(res.headers()['x-frame-options']).toBe('DENY');
  expect(res.headers()['cache-control']).toBe('no-store');
});
