import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { sweepTelemetry } from './service';

/** The retention sweep runs when the api starts and then every hour, like the billing job. */
export const TELEMETRY_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface TelemetryJob {
  stop(): Promise<void>;
}

/** Deletes are idempotent, so every api instance may sweep; a failing sweep is logged and retried next hour. */
export async function startTelemetryJob(db: Db, log: Logger, everyMs: number = TELEMETRY_SWEEP_EVERY_MS): Promise<TelemetryJob> {
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= sweepTelemetry(db)
      .catch((err: unknown) => log.error({ err }, 'telemetry retention sweep failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  await pass();
  const timer = setInterval(() => void pass(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
