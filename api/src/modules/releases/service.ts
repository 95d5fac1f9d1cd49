import { inArray } from 'drizzle-orm';
import {
  MESSAGES,
  REMOTE_IDS,
  RELEASE_CONSOLE_HISTORY_CAP,
  type ConsoleRemote,
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

/** Runs one action through the port; a refusal of the store is a 409 with its sentence. Answers the new view. */
export async function act(ctx: ApiContext, action: (port: ReleaseConsolePort) => Promise<void>): Promise<ReleaseConsole> {
  const port = portOf(ctx);
  try {
    await action(port);
  } catch (err) {
    if (err instanceof ReleaseRefused) throw new HttpError(409, err.message);
    throw err;
  }
  ctx.log.info('release changed from the console');
  return consoleView(ctx);
}

export type { RemoteId };
