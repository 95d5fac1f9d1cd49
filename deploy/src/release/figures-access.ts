import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TELEMETRY_LIMITS, type ReleaseHealth, type VersionHealth } from '@portal/shared-contracts';

/**
 * How `pnpm release status` reads each version's health figures from a running portal whose
 * embedded database it cannot open (PGlite is held by one process). The portal draws a random
 * token at start and writes it, with the address it listens on, to a file in its data folder that
 * only the operator's account can read (mode 0600); the CLI, run by that operator with the same
 * DATA_DIR, reads the file and asks `GET /_release/figures` with the token. No user password is
 * involved, nothing is written to the database, and whoever cannot read the data folder (where the
 * database itself lives) cannot ask. A new token is drawn on every start and the file is removed
 * on a clean stop. With DATABASE_URL the CLI reads PostgreSQL directly instead.
 */

export const FIGURES_PATH = '/_release/figures';
export const FIGURES_ACCESS_FILE = 'release-figures.json';

/** A page of the versions' figures over [from, to) (the api's `healthOver`, the versions release.json names first). */
export type FiguresReader = (from: Date, to: Date) => Promise<{ versions: VersionHealth[]; totalCount: number }>;

export interface FiguresAccess {
  url: string;
  token: string;
  pid: number;
}

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

/** A window in minutes: 1 to 30 days, the api's default when absent; null when not a number. */
export function parseWindowMinutes(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return TELEMETRY_LIMITS.defaultWindowMinutes;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > TELEMETRY_LIMITS.maxWindowMinutes) return null;
  return n;
}

/** The page `healthOver` answers by default: 100 versions, which hold every one release.json names (at most 12 a remote). */
const PAGE_SIZE = 100;

/**
 * The versions' figures over the last `minutes`, the minute under way included (as the api answers
 * them): the first page.
 */
export async function figuresOver(figures: FiguresReader, minutes: number, now = new Date()): Promise<ReleaseHealth> {
  const from = new Date(now.getTime() - minutes * 60_000);
  const to = new Date(minuteOf(now).getTime() + 60_000);
  const { versions, totalCount } = await figures(from, to);
  const totalPages = Math.ceil(totalCount / PAGE_SIZE);
  return {
    windowMinutes: minutes,
    from: from.toISOString(),
    to: now.toISOString(),
    versions,
    totalCount,
    pageNumber: 1,
    pageSize: PAGE_SIZE,
    totalPages,
    hasPreviousPage: false,
    hasNextPage: totalPages > 1,
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The address a process on this machine reaches a listener at (a wildcard bind is reached on loopback). */
function localUrl(address: { address: string; family: string; port: number }): string {
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * Serves the figures to the operator: the route, and the access file written once the portal
 * listens (removed when it closes). Returns the token (tests ask with it through `inject`).
 */
export function offerFiguresToOperator(app: FastifyInstance, o: { dataDir: string; figures: FiguresReader }): string {
  const token = randomBytes(32).toString('base64url');
  const file = path.join(o.dataDir, FIGURES_ACCESS_FILE);

  app.get(FIGURES_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !sameToken(auth.slice('Bearer '.length), token)) {
      return reply.code(401).send({ success: false, message: `Ask with the token in ${file} (readable by the portal's operator only).` });
    }
    const minutes = parseWindowMinutes((req.query as { minutes?: string }).minutes);
    if (minutes === null) {
      return reply.code(400).send({ success: false, message: `minutes must be a whole number from 1 to ${TELEMETRY_LIMITS.maxWindowMinutes}.` });
    }
    return figuresOver(o.figures, minutes);
  });

  app.addHook('onListen', async () => {
    const listening = app.addresses().filter((a) => typeof a !== 'string');
    const address = listening.find((a) => a.family === 'IPv4') ?? listening[0];
    if (!address) return;
    const access: FiguresAccess = { url: localUrl(address), token, pid: process.pid };
    await mkdir(o.dataDir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(access), { mode: 0o600 });
    await chmod(temp, 0o600);
    await rename(temp, file);
  });

  app.addHook('onClose', async () => {
    // Only this start's file: another portal may have started on the folder since.
    const found = await readFiguresAccess(o.dataDir);
    if (found?.token === token) await rm(file, { force: true });
  });

  return token;
}

export async function readFiguresAccess(dataDir: string): Promise<FiguresAccess | null> {
  try {
    const parsed = JSON.parse(await readFile(path.join(dataDir, FIGURES_ACCESS_FILE), 'utf8')) as Partial<FiguresAccess>;
    if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string') return null;
    return { url: parsed.url, token: parsed.token, pid: Number(parsed.pid) };
  } catch {
    return null;
  }
}

export type FiguresAnswer = { source: string; health: ReleaseHealth } | { source: string; health: null; unavailable: string };

/**
 * The figures for `pnpm release status`: from PostgreSQL when DATABASE_URL is set (the same
 * database every api instance writes to), else from the running portal through its access file.
 * Never throws: when neither answers, says why.
 */
export async function readFigures(
  env: Record<string, string | undefined>,
  dataDir: string,
  minutes: number,
  fetchImpl: typeof fetch = fetch,
): Promise<FiguresAnswer> {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    const source = 'PostgreSQL (DATABASE_URL)';
    try {
      const [{ openDatabase }, { healthOver }] = await Promise.all([import('@portal/api/db/client'), import('@portal/api/modules/telemetry/service')]);
      const database = await openDatabase({ databaseUrl, pgliteDir: '', pgbouncer: env.DATABASE_PGBOUNCER === '1' || env.DATABASE_PGBOUNCER === 'true' });
      try {
        return { source, health: await figuresOver((from, to) => healthOver(database.db, from, to), minutes) };
      } finally {
        await database.close();
      }
    } catch (err) {
      return { source, health: null, unavailable: `PostgreSQL did not answer (${(err as Error).message.split('\n')[0]})` };
    }
  }
  const access = await readFiguresAccess(dataDir);
  if (!access) {
    return {
      source: 'the running portal',
      health: null,
      unavailable: `no running portal on ${dataDir} (its ${FIGURES_ACCESS_FILE} is missing or unreadable; set DATA_DIR as the portal has it, or DATABASE_URL)`,
    };
  }
  const source = `the running portal at ${access.url}`;
  try {
    const res = await fetchImpl(`${access.url}${FIGURES_PATH}?minutes=${minutes}`, {
      headers: { authorization: `Bearer ${access.token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return { source, health: null, unavailable: `the portal answered ${res.status}` };
    return { source, health: (await res.json()) as ReleaseHealth };
  } catch (err) {
    return { source, health: null, unavailable: `the portal did not answer (${(err as Error).message})` };
  }
}
