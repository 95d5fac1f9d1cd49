import Fastify from 'fastify';
import { createApp } from '../src/app';
import type { ApiContext } from '../src/context';
import type { Db } from '../src/db/client';
import { companies, locations, users, vehicles } from '../src/db/schema';
import { createSession } from '../src/lib/sessions';
import { DEFAULT_RATE_LIMITS, loadApiConfig, type ApiConfig } from '../src/env';

/** The value at quantile `q` (0 to 1) of numbers sorted ascending; 0 for none. */
export const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** A logger that says nothing: a benchmark prints its own figures. */
export const quietLog = { info() {}, warn() {}, error() {} } as never;

/** The api's configuration for a benchmark: the given PostgreSQL (or in-memory PGlite), no mail, no demo data, the default limits. */
export function benchConfig(databaseUrl: string | undefined): ApiConfig {
  return {
    ...loadApiConfig(),
    databaseUrl,
    pgliteDir: 'memory://',
    logLevel: 'silent',
    smtpUrl: undefined,
    demoData: false,
    superAdminEmail: 'root@bench.example',
    superAdminPassword: 'Bench-root-pass-1',
    rateLimits: { ...DEFAULT_RATE_LIMITS },
  };
}

/**
 * The forked child's part: serves the api of `ctx` and, beside it, a bare Fastify answering a constant
 * object (the run's yardstick), each on a free port; sends the parent `{ api, bare, ...more }` (the
 * two ports and what the script adds), and closes both and the context when the parent goes.
 */
export async function serveBesideBareFastify(ctx: ApiContext, more: object = {}): Promise<void> {
  const api = await createApp(ctx, { logger: false });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ success: true, message: 'OK' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (f: { server: { address(): unknown } }) => (f.server.address() as { port: number }).port;
  process.send!({ api: port(api), bare: port(bare), ...more });
  process.on('disconnect', () => {
    void Promise.all([api.close(), bare.close()]).then(() => ctx.close()).then(() => process.exit(0));
  });
}

/**
 * One company of `drivers` verified drivers (each with a verified vehicle and a session) and `riders`
 * passengers, for the trip benchmarks: named `name`, its people `driver.i@domain` and `rider.i@domain`,
 * the vehicles' plates `plate` + i. Rows go in 500 at a time.
 */
export async function seedDriversCompany(
  db: Db,
  o: { name: string; domain: string; plate: string; drivers: number; riders: number; offices?: number },
): Promise<{ companyId: string; drivers: { id: string; token: string }[]; riders: string[] }> {
  const [c] = await db.insert(companies).values({ name: o.name, email: `hello@${o.domain}`, phoneNumber: '0113 496 0000', signUpState: 3 }).returning();
  // With `offices`, the i-th driver and the i-th rider are in office i mod offices (none without).
  const officeIds = o.offices
    ? (
        await db
          .insert(locations)
          .values(Array.from({ length: o.offices }, (_, k) => ({ companyId: c!.id, addressLine1: `${k + 1} Bench Road`, town: `Town ${k + 1}`, postalCode: 'LS1 1AA' })))
          .returning({ id: locations.id })
      ).map((l) => l.id)
    : [];
  const person = (i: number, driver: boolean) => ({
    officeId: officeIds.length ? officeIds[i % officeIds.length]! : null,
    email: `${driver ? 'driver' : 'rider'}.${i}@${o.domain}`,
    passwordHash: '!',
    name: `Person ${i}`,
    role: 'Employee' as const,
    companyId: c!.id,
    firstName: driver ? 'Driver' : 'Rider',
    lastName: String(i),
    isDriverVerified: driver,
  });
  const insertAll = async (n: number, driver: boolean) => {
    const out: { id: string }[] = [];
    for (let i = 0; i < n; i += 500) {
      out.push(...(await db.insert(users).values(Array.from({ length: Math.min(500, n - i) }, (_, k) => person(i + k, driver))).returning({ id: users.id })));
    }
    return out;
  };
  const drivers = await insertAll(o.drivers, true);
  const riders = await insertAll(o.riders, false);
  for (let i = 0; i < drivers.length; i += 500) {
    await db.insert(vehicles).values(drivers.slice(i, i + 500).map((d, k) => ({ userId: d.id, make: 'Ford', model: 'Focus', registrationNumber: `${o.plate}${i + k} ABC`, isVerified: true })));
  }
  const tokens: { id: string; token: string }[] = [];
  for (const d of drivers) tokens.push({ id: d.id, token: (await createSession(db, d.id, false, { ip: '127.0.0.1' })).token });
  return { companyId: c!.id, drivers: tokens, riders: riders.map((r) => r.id) };
}
