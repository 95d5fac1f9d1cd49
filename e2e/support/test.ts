import { test as base, type BrowserContext, type ConsoleMessage, type WebError } from '@playwright/test';
import { REMOTES, type RemoteId } from '@portal/shared-contracts';
import { ensureCurrentMonthTrips } from './month-trips';
import { startPortal, type RunningPortal } from './portal-process';

// Everything else of Playwright's, so a spec imports from here alone; `test` below takes precedence.
export * from '@playwright/test';

/** One line a page wrote to the browser console, or an exception it did not catch. */
export interface ConsoleLine {
  kind: 'error' | 'warning' | 'assert' | 'uncaught';
  text: string;
  /** The script or resource the line is about (for "Failed to load resource", the resource's address). */
  source: string;
  /** The address of the page that wrote it. */
  page: string;
}

/** What a declaration is matched against: the kind, the text and the resource, e.g. "error: Failed to load resource: … [http://…/api/x]". */
export function describeLine(line: ConsoleLine): string {
  return `${line.kind}: ${line.text}${line.source ? ` [${line.source}]` : ''}`;
}

/**
 * Collects the console errors and warnings and the uncaught exceptions of every page of the
 * contexts it watches. A journey that provokes a line on purpose declares it with `expect`
 * (narrowly: the status and the path, not "anything"); every other line fails the journey.
 */
export class ConsoleGuard {
  readonly lines: ConsoleLine[] = [];
  private readonly allowed: RegExp[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  /** Declares a line this journey provokes on purpose (matched against `describeLine`). */
  expect(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  /**
   * Declares the line Chromium logs when the server answers `path` (its query aside) with `status`,
   * e.g. a refusal the journey provokes: expectStatus(401, '/api/accounts/me').
   */
  expectStatus(status: number, path: string): void {
    this.expect(new RegExp(`^error: Failed to load resource: the server responded with a status of ${status} \\([^)]*\\) \\[https?://[^/\\s]+${escapeRegExp(path)}(?:\\?\\S*)?\\]$`));
  }

  /**
   * Declares the lines of a remote the journey makes unreachable on purpose, and only that remote's:
   * its files failing (`failure`: the status it is answered with, or 'aborted'), the runtime's and
   * the shell's reports that its manifest or a module of it could not be loaded.
   */
  expectRemoteDown(remote: RemoteId, failure: number | 'aborted'): void {
    const files = `https?://[^/\\s]+/remotes/${escapeRegExp(remote)}/\\S+`;
    this.expect(
      failure === 'aborted'
        ? new RegExp(`^error: Failed to load resource: net::ERR_FAILED \\[${files}\\]$`)
        : new RegExp(`^error: Failed to load resource: the server responded with a status of ${failure} \\([^)]*\\) \\[${files}\\]$`),
    );
    const mfName = escapeRegExp(REMOTES[remote].mfName);
    // The portal's runtime plugin names the manifest's address or the module it failed on.
    this.expect(new RegExp(`^warning: \\[portal\\] \\w+: (?:${files}|${mfName}/\\w+) failed `));
    // The runtime's own line names no remote; its code is the manifest fetch that failed.
    this.expect(/^warning: \[ Federation Runtime \] Error: \[ Federation Runtime \]: Failed to get manifest\. #RUNTIME-003/);
    // The shell's report, caught by the slot that shows the feature-unavailable panel.
    this.expect(new RegExp(`^error: ${escapeRegExp(remote)}/\\w+ could not be loaded: `));
  }

  /**
   * Declares the runtime's warning when the shell registers `remote` afresh: Retry after a failed
   * load, and a canary giving way to stable, replace its registration, which the runtime always warns about.
   */
  expectReRegistered(remote: RemoteId): void {
    this.expect(new RegExp(`^warning: \\[ Federation Runtime \\]: The remote "${escapeRegExp(REMOTES[remote].mfName)}" is already registered\\. `));
  }

  /** Declares the shell's note that a canary of `remote` failed and stable takes its place, and the re-registration it takes. */
  expectCanaryFallback(remote: RemoteId): void {
    this.expect(new RegExp(`^warning: ${escapeRegExp(remote)}@\\S+ \\(canary\\) [^;]+; falling back to \\S+\\.`));
    this.expectReRegistered(remote);
  }

  /** Declares the shell's note that a route's remote is not released, for a journey that withholds it. */
  expectNotReleased(remote: RemoteId): void {
    this.expect(new RegExp(`^warning: ${escapeRegExp(remote)} is not released to this portal(?: \\[\\S+\\])?$`));
  }

  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('console', (message) => this.onConsole(message));
    // The context's form of the page's "pageerror": an exception no code of the page caught.
    context.on('weberror', (error) => this.onWebError(error));
  }

  record(line: ConsoleLine): void {
    this.lines.push(line);
  }

  /** The lines no declaration covers. */
  unexpected(): ConsoleLine[] {
    return this.lines.filter((line) => !this.allowed.some((pattern) => pattern.test(describeLine(line))));
  }

  /** Throws, listing every line no declaration covers with the page that wrote it. */
  check(): void {
    const lines = this.unexpected();
    if (lines.length === 0) return;
    const listed = lines.map((line) => `  - ${describeLine(line)}\n    on ${line.page}`).join('\n');
    throw new Error(
      `the browser console held ${lines.length} unexpected line(s); fix their cause, or declare a line the journey provokes on purpose with consoleGuard.expect(/…/):\n${listed}`,
    );
  }

  private onConsole(message: ConsoleMessage): void {
    const type = message.type();
    if (type !== 'error' && type !== 'warning' && type !== 'assert') return;
    this.record({ kind: type, text: message.text(), source: message.location().url, page: message.page()?.url() ?? '' });
  }

  private onWebError(error: WebError): void {
    const err = error.error();
    const source = /\((https?:\/\/[^)\s]+?)(?::\d+){0,2}\)/.exec(err.stack ?? '')?.[1] ?? '';
    this.record({ kind: 'uncaught', text: `${err.name}: ${err.message}`, source, page: error.page()?.url() ?? '' });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `test` with an automatic console guard: the test's own context and every context the test opens
 * with `browser.newContext` / `browser.newPage` are watched, and the test fails at its end if the
 * browser console held an error or a warning it did not declare.
 *
 * `demoPortal` is a second portal with the api's demo data (a year of trips, journey groups,
 * feedback, drivers in every state, invoices), for the journeys that need lists with rows: started
 * once per worker by the first journey that asks for it (seeding takes a while on a small machine),
 * shared by every spec after it, stopped with the worker. Journeys on it leave the demo companies
 * as a user would (what they add, they may leave); none depends on another's changes. The current
 * month always has trips of Greenway (support/month-trips.ts): in its first hours the demo has none yet.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }, { demoPortal: RunningPortal }>({
  demoPortal: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // A demo portal already running (yours, say, while working on a journey) instead of a new one.
      const given = process.env.E2E_DEMO_PORTAL_URL;
      if (given) {
        await ensureCurrentMonthTrips(given);
        await use({ url: given, dataDir: '', logFile: '', stop: async () => {} });
        return;
      }
      const portal = await startPortal({ DEMO_DATA: '1' });
      try {
        await ensureCurrentMonthTrips(portal.url);
        await use(portal);
      } finally {
        await portal.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  consoleGuard: [
    async ({ browser, context }, use) => {
      const guard = new ConsoleGuard();
      guard.watch(context);
      const onContext = (opened: BrowserContext) => guard.watch(opened);
      browser.on('context', onContext);
      try {
        await use(guard);
      } finally {
        browser.off('context', onContext);
      }
      guard.check();
    },
    { auto: true },
  ],
});
