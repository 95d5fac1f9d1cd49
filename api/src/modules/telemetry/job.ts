import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { sweepTelemetry } from './service';

/** The retention sweep runs when the api starts and then every hour, like the billing job. */
export const TELEMETRY_SWEEP_EVERY_MS = 60 * 60 * 1000;

export type TelemetryJob = PeriodicJob;

/** Deletes are idempotent, so every api instance may sweep; a failing sweep is logged and retried next hour. */
export function startTelemetryJob(db: Db, log: Logger, everyMs: number = TELEMETRY_SWEEP_EVERY_MS): Promise<TelemetryJob> {
  return startPeriodic(() => sweepTelemetry(db), { everyMs, log, failure: 'telemetry retention sweep failed' });
}
