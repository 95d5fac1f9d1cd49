import { describe, expect, it } from 'vitest';
import type { ApiContext } from '../../context';
import { openDatabase } from '../../db/client';
import { rows } from '../../db/sql';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test/test-support';
import { underReleaseGuardLock } from './guard-lock';
import { recordBatch } from './service';

const t = useTestApp();

const from = new Date(Date.now() - 10 * 60_000);
const to = new Date(Date.now() + 60_000);

describe('the release guard lock', () => {
  it('lets exactly one of two api instances on one database run a pass; the other skips it, and the next pass runs again', async () => {
    await recordBatch(t.ctx.db, { events: [{ remote: 'mfe-auth', version: '2.0.0', reason: 'canary', kind: 'render-error', message: 'boom' }] });
    await recordBatch(t.ctx.db, { events: [{ remote: 'mfe-auth', version: '2.0.0', reason: 'canary', kind: 'load', ok: true, ms: 80 }] });
    // A second instance: its own connection pool on the same database (PGlite is one process: the same context).
    const other = t.ctx.database.kind === 'postgres' ? await openDatabase({ databaseUrl: t.ctx.config.databaseUrl, pgliteDir: '' }) : null;
    const second: ApiContext = other ? { ...t.ctx, database: other, db: other.db } : t.ctx;
    try {
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const ran: string[] = [];
      const pass = (name: string, ctx: ApiContext) =>
        underReleaseGuardLock(ctx, async (figures) => {
          ran.push(name);
          const seen = await figures(from, to, [{ remote: 'mfe-auth', version: '2.0.0' }]);
          // Holds the lock until both instances have tried.
          await gate;
          return seen;
        });
      const first = pass('first', t.ctx);
      const secondPass = pass('second', second);
      if (other) {
        // The instance without the lock returns at once, while the other still holds it.
        expect(await Promise.race([first, secondPass])).toEqual({ ran: false });
        open();
        const results = await Promise.all([first, secondPass]);
        expect(results.filter((r) => r.ran)).toHaveLength(1);
        expect(ran).toHaveLength(1);
        const acted = results.find((r) => r.ran);
        // The figures are read inside the lock's transaction.
        expect(acted?.ran && acted.value).toEqual([expect.objectContaining({ remote: 'mfe-auth', version: '2.0.0', pageViews: 1, renderErrors: 1 })]);
        // The transaction-level lock is gone with the pass: the next minute's pass runs, on either instance.
        expect(await underReleaseGuardLock(second, async () => 'again')).toEqual({ ran: true, value: 'again' });
        expect(await rows(t.ctx.db, sql`select 1 from pg_locks where locktype = 'advisory'`)).toHaveLength(0);
      } else {
        open();
        expect((await Promise.all([first, secondPass])).map((r) => r.ran)).toEqual([true, true]);
      }
    } finally {
      await other?.close();
    }
  });
});
