import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@portal/shared-contracts';
import { goToStop, settled, type TourStop } from './route-tour';

/** WCAG 2.1 A and AA, as axe tags them. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core as @axe-core/playwright brings it: the same package, so the same version and rules. */
const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string; version: string };

/** One of axe's violations, as its run reports it (the fields the checks read). */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/** Where axe looks: the whole page, or within `include` (a selector), less `exclude`. */
export interface AxeScope {
  include?: string;
  exclude?: string;
}

/**
 * Waits for the page's finite animations and transitions to end (a dialog's fade and pop-in, a list
 * fading back in once its answer came): axe judges contrast on what a user reads once they have ended,
 * not on a frame of the fade, where text over a half-drawn backdrop reads paler than it is. The
 * endless ones (the spinners, the skeleton's pulse) never end and are not waited for.
 */
async function finiteAnimationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe's violations (WCAG 2.1 A and AA) on the page, within `scope`.
 *
 * The same rules on the same nodes, run the cheaper way: axe reports only the violations (it no
 * longer gathers every passing node, which only this report's length used), and a page without
 * frames is checked by `axe.run` in the page itself. The default run collects each frame's partial
 * results and merges them in a blank page it opens for each check (a page and a second copy of axe
 * each time); that is only needed to cross into other frames, so a page with any keeps it.
 *
 * In the page itself, axe is put in once per document: `AxeBuilder.analyze()` evaluates axe's
 * 1.4 MB source twice at every check (1.7 to 5 s each at load 22), and a page reached through its
 * hash keeps its document. The run is AxeBuilder's legacy run: the same configuration (same-origin
 * frames, its branding), the same context and the same options.
 */
export async function axeRun(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  await finiteAnimationsEnded(page);
  const options = { resultTypes: ['violations'], runOnly: { type: 'tag', values: WCAG_21_AA } };
  if (page.frames().length === 1) {
    const present = await page.evaluate((version) => (window as unknown as { axe?: { version?: string } }).axe?.version === version, axeCore.version);
    if (!present) {
      await page.evaluate(axeCore.source);
      await page.evaluate(`axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`);
    }
    // AxeBuilder's context: an empty include is the whole document.
    const context = { exclude: scope.exclude ? [scope.exclude] : [], include: scope.include ? [scope.include] : [] };
    return page.evaluate(
      ({ context, options }) =>
        (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe.run(context, options).then((r) => r.violations),
      { context, options },
    );
  }
  // options() first: it replaces the rules withTags() selects.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_21_AA);
  if (scope.include) builder.include(scope.include);
  if (scope.exclude) builder.exclude(scope.exclude);
  return (await builder.analyze()).violations;
}

/** A violation in one line: rule, impact, help and where (each node's selector). */
export function describeViolation(v: AxeViolation): string {
  return `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;
}

/** axe's violations on the page (or within `include`), one line each: rule, impact, help and where. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  return (await axeRun(page, { include })).map(describeViolation);
}

/** Only the serious and critical violations, one line each as `axeViolations` writes them. */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  return (await axeRun(page, { include })).filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describeViolation);
}

/**
 * Buttons the tour does not press: each acts on the server at once, with no dialog to ask first
 * (pressing it would change the demo data under the other journeys). Everything else a page offers
 * is pressed, so a dialog behind any other button is found without being listed.
 */
const ACTS_AT_ONCE: readonly string[] = [
  // The setup steps: Proceed saves and moves on; Add Employees Later finishes the setup.
  MESSAGES.labels.proceed,
  MESSAGES.labels.addEmployeesLater,
  // Billing: resumes a cancelled subscription.
  MESSAGES.billing.resume,
];

/** An opener of the page: what the tour presses, found again after the page is opened anew. */
interface Opener {
  index: number;
  name: string;
  /** In the layout's header or side menu: the same on every page of the area. */
  chrome: boolean;
}

const OPENED = '[role="dialog"]:visible, [role="alertdialog"]:visible';

/**
 * Marks the page's openers with `data-tour-opener` and names them: every visible, enabled button of
 * the page outside a dialog, but not a submit button (a form's Save sends the form), not a control
 * that only selects (tab, radio, checkbox, switch), not a list's paging nor a month's or a slide's
 * Previous and Next, not the layout's Menu button (it shows the navigation, no dialog), and of a
 * table or a list only the first row's (every row offers the same).
 */
async function markOpeners(page: Page): Promise<Opener[]> {
  return page.evaluate(
    ({ skip, menu, steps }) => {
      for (const el of document.querySelectorAll('[data-tour-opener]')) el.removeAttribute('data-tour-opener');
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const openers: { index: number; name: string; chrome: boolean }[] = [];
      for (const el of document.querySelectorAll('button, [role="button"]')) {
        const b = el as HTMLButtonElement;
        if (!visible(b) || b.disabled || b.getAttribute('aria-disabled') === 'true') continue;
        if (b.type === 'submit' || b.closest('[role="dialog"], [role="alertdialog"], [data-toaster]')) continue;
        if (['tab', 'radio', 'checkbox', 'switch', 'menuitem', 'option'].includes(b.getAttribute('role') ?? '')) continue;
        if (b.closest('nav')?.getAttribute('aria-label')?.toLowerCase().includes('pages')) continue;
        const row = b.closest('tbody tr, li');
        if (row && row !== row.parentElement?.firstElementChild) continue;
        const name = nameOf(b);
        if (name === menu || skip.includes(name) || steps.some((step) => name.startsWith(step))) continue;
        b.setAttribute('data-tour-opener', String(openers.length));
        openers.push({ index: openers.length, name, chrome: b.closest('header, aside') !== null && b.closest('main') === null });
      }
      return openers;
    },
    { skip: [...ACTS_AT_ONCE], menu: MESSAGES.shell.menu, steps: [MESSAGES.labels.previous, MESSAGES.labels.next] },
  );
}

/** What happened after a press: a dialog opened, a menu opened (its items), the page was left, or nothing to check. */
async function afterPress(page: Page, url: string, popup: boolean): Promise<'dialog' | 'menu' | 'left' | 'none'> {
  // A control that says it opens a popup gets the time to fetch its code; any other a moment.
  await page
    .locator(`${OPENED}, [role="menu"]:visible`)
    .first()
    .waitFor({ state: 'visible', timeout: popup ? 5_000 : 400 })
    .catch(() => undefined);
  if (await page.locator(OPENED).first().isVisible().catch(() => false)) {
    // A dialog may load what it shows: until it has it (nothing in flight, no spinner or skeleton).
    await settled(page, 5_000);
    return 'dialog';
  }
  if (await page.locator('[role="menu"]:visible').first().isVisible().catch(() => false)) return 'menu';
  if (page.url() !== url) return 'left';
  return 'none';
}

export interface DialogCheck {
  /** Where the dialog opened from, e.g. "See more about Acme Ltd" or "Grace Green › Log Out". */
  opener: string;
  title: string;
  problems: string[];
}

/**
 * Checks one dialog that is open: axe within it, then each dialog its own buttons open (a popover
 * asking to confirm, say: marked `aria-haspopup="dialog"`), then Escape closes it and gives focus
 * back to what opened it (`opener`, marked, or the menu's trigger).
 */
async function checkOpenDialog(page: Page, opener: string, openerSelector: string, depth = 0, openerName = opener): Promise<DialogCheck[]> {
  const open = await page.locator(OPENED).count();
  const dialog = page.locator(OPENED).last();
  const title = ((await dialog.getAttribute('aria-label')) ?? (await dialog.locator('h2, [id$="-title"]').first().textContent().catch(() => '')) ?? '').trim();
  const problems = (await axeViolations(page, '[role="dialog"], [role="alertdialog"]')).map((v) => `axe: ${v}`);
  const nested: DialogCheck[] = [];
  if (depth === 0) {
    // Marked first: once one of them has opened its own dialog, `last()` is that one.
    const inner = await dialog.evaluate((d) => {
      const buttons = [...d.querySelectorAll<HTMLButtonElement>('button[aria-haspopup="dialog"]')].filter((b) => !b.disabled && b.getBoundingClientRect().width > 0);
      buttons.forEach((b, i) => b.setAttribute('data-tour-inner', String(i)));
      return buttons.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').replace(/\s+/g, ' ').trim());
    });
    for (const [i, name] of inner.entries()) {
      const selector = `[data-tour-inner="${i}"]`;
      await page.locator(selector).click();
      // It says it opens a dialog: until that dialog is there (a moment given before, missed under load).
      await page
        .waitForFunction(
          (n) => [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter((d) => d.getBoundingClientRect().width > 0).length > n,
          open,
          { timeout: 2_000 },
        )
        .catch(() => undefined);
      if ((await page.locator(OPENED).count()) > open) nested.push(...(await checkOpenDialog(page, `${opener} › ${name}`, selector, depth + 1, name)));
    }
  }
  await page.keyboard.press('Escape');
  await page
    .waitForFunction((n) => document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length < n, open, { timeout: 5_000 })
    .catch(() => problems.push('Escape did not close it'));
  // The opener, or the control drawn in its place since it was pressed (a menu's trigger once its
  // code has come draws anew, without the mark), found by its name.
  const focusBack = await page
    .waitForFunction(
      ({ selector, name }) => {
        const active = document.activeElement;
        const marked = document.querySelector(selector);
        if (marked) return active === marked;
        return active instanceof HTMLElement && (active.getAttribute('aria-label') ?? active.textContent ?? '').replace(/\s+/g, ' ').trim() === name;
      },
      { selector: openerSelector, name: openerName },
      { timeout: 2_000 },
    )
    .then(() => true, () => false);
  if (!focusBack) {
    const at = await page.evaluate(() => {
      const a = document.activeElement;
      return a ? `${a.tagName.toLowerCase()} ${(a.getAttribute('aria-label') ?? a.textContent ?? '').trim().slice(0, 40)}` : 'nothing';
    });
    problems.push(`after Escape focus is on ${at}, not on what opened it`);
  }
  return [{ opener, title, problems }, ...nested];
}

/**
 * Opens every dialog the open page offers (each button, and each item of each menu a button opens)
 * and checks each: axe, Escape, focus back. The page is opened anew whenever a press left it.
 * `seen` holds the layout's openers already checked on an earlier page of the tour.
 */
export async function checkDialogsOf(page: Page, stop: TourStop, seen: Set<string> = new Set()): Promise<DialogCheck[]> {
  const checks: DialogCheck[] = [];
  // The layout's own openers (the bell, the profile menu) are the same on every page of an area: once each.
  const openers = (await markOpeners(page)).filter((o) => !o.chrome || !seen.has(o.name));
  for (const o of openers) if (o.chrome) seen.add(o.name);
  /**
   * The opener on the page as it is now: a control may be drawn anew (a menu's trigger once its
   * code has come, a page opened again), which loses the mark; it is found again by its name.
   */
  const find = async (opener: Opener): Promise<string | null> => {
    const marked = `[data-tour-opener="${opener.index}"]`;
    const element = page.locator(marked);
    if ((await element.count()) === 1) {
      const name = await element.evaluate((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim());
      if (name === opener.name) return marked;
    }
    const again = (await markOpeners(page)).find((o) => o.name === opener.name);
    return again ? `[data-tour-opener="${again.index}"]` : null;
  };
  let previous: { name: string; selector: string } | null = null;
  for (const opener of openers) {
    // A dialog that took longer than the moment given to its opener is checked now, as its opener's.
    if (previous && (await page.locator(OPENED).first().isVisible().catch(() => false))) {
      checks.push(...(await checkOpenDialog(page, previous.name, previous.selector, 0, previous.name)));
    }
    const selector = await find(opener);
    if (!selector || !(await page.locator(selector).isVisible().catch(() => false))) continue;
    const url = page.url();
    const popup = (await page.locator(selector).getAttribute('aria-haspopup')) !== null;
    previous = { name: opener.name, selector };
    await page.locator(selector).click();
    const outcome = await afterPress(page, url, popup);
    if (outcome === 'dialog') checks.push(...(await checkOpenDialog(page, opener.name, selector, 0, opener.name)));
    else if (outcome === 'menu') {
      const items = await page.locator('[role="menu"]:visible [role="menuitem"]').allInnerTexts();
      await page.keyboard.press('Escape');
      for (const item of items.map((i) => i.trim())) {
        const trigger = await find(opener);
        if (!trigger) break;
        await page.locator(trigger).click();
        await page.getByRole('menuitem', { name: item, exact: true }).click();
        const then = await afterPress(page, url, true);
        if (then === 'dialog') checks.push(...(await checkOpenDialog(page, `${opener.name} › ${item}`, trigger, 0, opener.name)));
        else if (then === 'left') await goToStop(page, stop);
        else if (then === 'menu') await page.keyboard.press('Escape');
      }
    } else if (outcome === 'left') await goToStop(page, stop);
  }
  return checks;
}
