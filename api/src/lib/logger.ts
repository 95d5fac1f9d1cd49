/** The logging surface the api needs outside a request; Fastify's (pino) logger satisfies it. */
export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** JSON lines on stdout in pino's shape, for the context that exists before any Fastify instance. */
export function createConsoleLogger(level: string = 'info'): Logger {
  const min = Math.max(0, LEVELS.indexOf(level as (typeof LEVELS)[number]));
  const at = (name: (typeof LEVELS)[number], pinoLevel: number) => (obj: object | string, msg?: string) => {
    if (LEVELS.indexOf(name) < min) return;
    const fields = typeof obj === 'string' ? { msg: obj } : { ...obj, msg };
    process.stdout.write(JSON.stringify({ level: pinoLevel, time: Date.now(), name: 'api', ...fields }) + '\n');
  };
  return { info: at('info', 30), warn: at('warn', 40), error: at('error', 50) };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
