import type { Logger } from './logger';

export interface PeriodicJob {
  /** Stops the timer and waits for a pass still running. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` now (awaited, so a start after downtime has caught up before the api answers) and
 * then every `everyMs`; a pass still running when the next is due is not doubled. A failing pass is
 * logged at error level with `failure` and never stops the api.
 */
export async function startPeriodic(pass: () => Promise<void>, { everyMs, log, failure }: { everyMs: number; log: Logger; failure: string }): Promise<PeriodicJob> {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= pass()
      .catch((err: unknown) => log.error({ err }, failure))
      .finally(() => {
        running = null;
      });
    return running;
  };
  await run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
