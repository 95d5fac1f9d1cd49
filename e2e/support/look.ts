import { axeViolations } from './axe-tour';
import { expect, test, type Page } from './test';

/** axe (WCAG 2.1 A and AA) finds nothing on the page as it stands. */
export async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** Screenshots of the page at a desk's 1280x800 and a phone's 390x844, in the test's output folder. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}
