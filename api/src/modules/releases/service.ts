import { inArray } from 'drizzle-orm';
import { FREEZE_LIMITS, freezeInForce } from '@portal/shared-contracts/release-freeze';
import {
  MESSAGES,
  REMOTE_IDS,
  RELEASE_CONSOLE_HISTORY_CAP,
  type CompanyFreeze,
  type ConsoleFreezes,
  type ConsolePreview,
  type ConsolePreviews,
  type ConsoleRemote,
  type FreezeView,
  type ReleaseFreeze,
  type ReleaseManifest,
  type ReleaseConsole,
  type RemoteId,
} from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { AuthUser } from '../../lib/sessions';
import { ReleaseRefused, type ReleaseConsolePort } from './port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function portOf(ctx: ApiContext): ReleaseConsolePort {
  if (!ctx.releaseConsole) throw new HttpError(503, MESSAGES.releases.unavailable);
  return ctx.releaseConsole;
}

/** How the history names a super admin: as `pnpm release history` and the audit log show it. */
export function actorOf(user: AuthUser): string {
  const name = user.name.trim();
  return name ? `${name} <${user.email}>` : user.email;
}

async function companyNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (valid.length === 0) return new Map();
  const found = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, valid));
  return new Map(found.map((c) => [c.id, c.name]));
}

/** The console's view, read from the store at this moment (a CLI change shows on the next read). */
export async function consoleView(ctx: ApiContext): Promise<ReleaseConsole> {
  const port = portOf(ctx);
  const [manifest, history, versions] = await Promise.all([
    port.readManifest(),
    port.readHistory(),
    Promise.all(REMOTE_IDS.map((r) => port.listVersions(r))),
  ]);
  const targeted = REMOTE_IDS.flatMap((r) => manifest?.remotes[r]?.canary?.companies ?? []);
  const names = await companyNames(ctx.db, targeted);
  const remotes: ConsoleRemote[] = REMOTE_IDS.map((remote, i) => {
    const r = manifest?.remotes[remote];
    const c = r?.canary;
    return {
      remote,
      stable: r ? { version: r.stable.version, contractsVersion: r.stable.contractsVersion, publishedAt: r.stable.publishedAt ?? null } : null,
      canary: c
        ? {
            version: c.version,
            contractsVersion: c.contractsVersion,
            publishedAt: c.publishedAt ?? null,
            percent: c.percent,
            companies: c.companies.map((id) => ({ id, name: names.get(id) ?? null })),
            guard: c.guard ?? null,
          }
        : null,
      previous: r?.previous.map((p) => p.version) ?? [],
      published: versions[i] ?? [],
      updatedAt: r?.updatedAt ?? null,
    };
  });
  return {
    shell: manifest?.shell ?? null,
    remotes,
    history: history.slice(-RELEASE_CONSOLE_HISTORY_CAP).reverse(),
    historyTotal: history.length,
  };
}

/** Runs one change through the port; a refusal of the store is a 409 with its sentence. */
async function runOnPort(ctx: ApiContext, action: (port: ReleaseConsolePort) => Promise<void>, logged: string): Promise<void> {
  try {
    await action(portOf(ctx));
  } catch (err) {
    if (err instanceof ReleaseRefused) throw new HttpError(409, err.message);
    throw err;
  }
  ctx.log.info(logged);
}

/** Runs one action through the port (see `runOnPort`). Answers the new view. */
export async function act(ctx: ApiContext, action: (port: ReleaseConsolePort) => Promise<void>): Promise<ReleaseConsole> {
  await runOnPort(ctx, action, 'release changed from the console');
  return consoleView(ctx);
}

/** A freeze as the console and Company Settings show it: the versions it holds, remote by remote. */
function freezeView(f: ReleaseFreeze): FreezeView {
  return {
    companyId: f.companyId,
    since: f.since,
    until: f.until,
    held: REMOTE_IDS.flatMap((remote) => {
      const r = f.remotes[remote];
      return r ? [{ remote, stable: r.stable.version, canary: r.canary ? { version: r.canary.version, percent: r.canary.percent } : null }] : [];
    }),
  };
}

const inForce = (manifest: ReleaseManifest | null) => (manifest?.freezes ?? []).filter((f) => freezeInForce(f));

/** Every freeze in force, soonest end first, with the companies' names. */
export async function consoleFreezes(ctx: ApiContext): Promise<ConsoleFreezes> {
  const freezes = inForce(await portOf(ctx).readManifest()).sort((a, b) => a.until.localeCompare(b.until));
  const names = await companyNames(ctx.db, freezes.map((f) => f.companyId));
  return { freezes: freezes.map((f) => ({ ...freezeView(f), companyName: names.get(f.companyId) ?? null })) };
}

/** A company's freeze in force, as Company Settings shows it. */
export async function companyFreeze(ctx: ApiContext, companyId: string): Promise<CompanyFreeze> {
  const found = inForce(await portOf(ctx).readManifest()).find((f) => f.companyId === companyId);
  return { freeze: found ? freezeView(found) : null, maxDays: FREEZE_LIMITS.maxDays };
}

/** Runs a freeze or an unfreeze through the port (see `runOnPort`). */
export function changeFreeze(ctx: ApiContext, action: (port: ReleaseConsolePort) => Promise<void>): Promise<void> {
  return runOnPort(ctx, action, 'a change freeze was set or ended');
}

/** Every preview link in force, soonest end first. */
export async function consolePreviews(ctx: ApiContext, created?: ConsolePreview): Promise<ConsolePreviews> {
  const previews = (await portOf(ctx).listPreviews()).sort((a, b) => a.until.localeCompare(b.until));
  return created ? { previews, created } : { previews };
}

/** Makes a preview link through the port; a refusal of the store (a version not published) is a 409. */
export async function makePreview(ctx: ApiContext, remote: RemoteId, version: string, expiresMs: number, actor: string): Promise<ConsolePreview> {
  let made: ConsolePreview | null = null;
  await runOnPort(ctx, async (port) => {
    made = await port.createPreview(remote, version, expiresMs, actor);
  }, 'a preview link was made');
  return made!;
}

/** Revokes a preview link through the port (see `runOnPort`). */
export function endPreview(ctx: ApiContext, id: string, actor: string): Promise<void> {
  return runOnPort(ctx, (port) => port.revokePreview(id, actor), 'a preview link was revoked');
}

export type { RemoteId };
