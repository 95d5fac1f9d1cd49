import { REMOTE_IDS, type ReleaseManifest, type RemoteId } from '@portal/shared-contracts';
import { canaryIsOff } from '@portal/shared-contracts/release-state';
import { abortCanary, promote } from './actions';
import { decide, type GuardDecision, type GuardFigures } from './guard';
import type { ReleaseStore } from './store';

/** Who the history names when the guard acts. */
export const GUARD_ACTOR = 'release guard';
/** The guard checks every minute, over at most the last 30 minutes of the canary's life. */
export const GUARD_INTERVAL_MS = 60_000;
export const GUARD_WINDOW_MINUTES = 30;

/** The figures of the named versions over [from, to) (the api's `guardFiguresOver`): only what the guard weighs. */
export type FiguresReader = (
  from: Date,
  to: Date,
  versions: ReadonlyArray<{ remote: string; version: string }>,
) => Promise<Array<GuardFigures & { remote: string; version: string }>>;

/** Runs `pass` on one instance only (the api's advisory lock); `ran: false` when another holds it. */
export type Exclusively = <T>(pass: (figures: FiguresReader) => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;

export interface GuardLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface GuardPassOptions {
  store: ReleaseStore;
  exclusively: Exclusively;
  log: GuardLog;
  now?: Date;
  windowMinutes?: number;
  /** The base URL the store is served from (RELEASE_STORE_URL), as the CLI and the console pass it. */
  storeUrl?: string | null;
  /**
   * Tells the api which versions release.json names (the only ones whose telemetry it stores), each
   * pass: a change the release tool made elsewhere reaches the api within the minute.
   */
  recordVersions?: (manifest: ReleaseManifest | null) => Promise<void>;
  /** What the loop has already said it waits on (remote, canary and side), so it says it once, not every pass. */
  saidWaiting?: Set<string>;
}

export interface GuardOutcome {
  remote: RemoteId;
  canary: string;
  stable: string;
  decision: GuardDecision;
}

/**
 * One check of every guarded canary: the figures of its version and of stable over the same window
 * (since the canary started, at most `windowMinutes`), the guard's decision, and on abort or promote
 * the release action the CLI runs, with the figures in the history's note.
 */
export async function runGuardPass(o: GuardPassOptions): Promise<GuardOutcome[] | null> {
  const result = await o.exclusively(async (figures) => {
    const now = o.now ?? new Date();
    // Read under the lock: an instance that acted a moment ago has already changed the manifest.
    const manifest = await o.store.readManifest();
    if (o.recordVersions) {
      await o.recordVersions(manifest).catch((err: unknown) => o.log.warn({ err }, 'release guard: the versions in force were not recorded for telemetry'));
    }
    const outcomes: GuardOutcome[] = [];
    for (const remote of REMOTE_IDS) {
      const r = manifest?.remotes[remote];
      const guard = r?.canary?.guard;
      // An aborted canary (share 0) has nobody left on it: nothing to judge until a new canary.
      if (!r?.canary || !guard || canaryIsOff(r.canary)) continue;
      const since = new Date(guard.since);
      const from = new Date(Math.max(since.getTime(), now.getTime() - (o.windowMinutes ?? GUARD_WINDOW_MINUTES) * 60_000));
      const to = new Date(now.getTime() + 60_000);
      const found = await figures(from, to, [
        { remote, version: r.canary.version },
        { remote, version: r.stable.version },
      ]);
      const canaryFigures = found.find((v) => v.version === r.canary!.version);
      const stableFigures = found.find((v) => v.version === r.stable.version);
      const decision = decide({ stable: stableFigures, canary: canaryFigures, settings: guard, runningForMs: now.getTime() - since.getTime() });
      const outcome = { remote, canary: r.canary.version, stable: r.stable.version, decision };
      outcomes.push(outcome);
      if (decision.waitingOn) {
        // Someone's figures alone would decide this canary: said once per canary and side.
        const key = `${remote}\u0000${outcome.canary}\u0000${decision.waitingOn}`;
        if (!o.saidWaiting?.has(key)) {
          o.saidWaiting?.add(key);
          o.log.warn(
            { remote, canary: outcome.canary, stable: outcome.stable, reason: decision.reason },
            `release guard waits on the canary ${remote} ${outcome.canary}: its largest ${decision.waitingOn} sender alone decides the figures`,
          );
        }
      }
      if (decision.action === 'abort') {
        await abortCanary(o.store, remote, { actor: GUARD_ACTOR, storeUrl: o.storeUrl ?? null, now, note: `guard: ${decision.reason}` });
        o.log.warn({ remote, canary: outcome.canary, stable: outcome.stable, reason: decision.reason }, `release guard aborted the canary ${remote} ${outcome.canary}`);
      } else if (decision.action === 'promote') {
        await promote(o.store, remote, r.canary.version, { actor: GUARD_ACTOR, storeUrl: o.storeUrl ?? null, now, note: `guard: ${decision.reason}` });
        o.log.info({ remote, version: outcome.canary, reason: decision.reason }, `release guard promoted ${remote} ${outcome.canary}`);
      }
    }
    return outcomes;
  });
  return result.ran ? result.value : null;
}

export interface GuardLoop {
  stop(): Promise<void>;
}

/** What the loop logs after each pass that judged at least one guarded canary. */
export const GUARD_PASS_DONE = 'release guard pass done';

/**
 * Checks now and every minute; a pass still running is not doubled, a failing one is logged. A pass
 * that judged guarded canaries logs GUARD_PASS_DONE with when it began and what it decided, so that
 * whoever waits on the guard can count its passes rather than guess them from the interval.
 */
export function startGuardLoop(o: Omit<GuardPassOptions, 'now'>, everyMs: number = GUARD_INTERVAL_MS): GuardLoop {
  let running: Promise<void> | null = null;
  const saidWaiting = new Set<string>();
  const pass = () => {
    const began = new Date();
    running ??= runGuardPass({ saidWaiting, ...o })
      .then((outcomes) => {
        if (!outcomes || outcomes.length === 0) return;
        const canaries = outcomes.map((c) => ({ remote: c.remote, canary: c.canary, action: c.decision.action }));
        o.log.info({ began: began.toISOString(), canaries }, GUARD_PASS_DONE);
      })
      .catch((err: unknown) => o.log.warn({ err }, 'release guard pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  void pass();
  const timer = setInterval(() => void pass(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
