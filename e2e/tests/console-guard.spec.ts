import { expect, test } from '../support/test';

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
