import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { bearer, json, oneATurn, registerEmployer, useTestApp } from '../../test/test-support';
import { createSession, endSession, resolveSession } from '../../lib/sessions';

const t = useTestApp();
beforeEach(async () => {
  await t.reset();
});

/** The test database through a second handle that counts the session statements it sends. */
function countingDb(): { db: Db; sessionStatements: () => number } {
  let n = 0;
  const logger = {
    logQuery(query: string) {
      if (/from "sessions"/.test(query)) n++;
    },
  };
  const client = (t.ctx.db as unknown as { $client: unknown }).$client;
  const db = (
    t.ctx.database.kind === 'postgres' ? drizzlePostgres({ client: client as never, schema, logger }) : drizzlePglite({ client: client as never, schema, logger })
  ) as unknown as Db;
  return { db, sessionStatements: () => n };
}

describe('session checks', () => {
  it('answers every caller checked at once with their own session, and refuses ended and unknown tokens among them', async () => {
    const people = await Promise.all(['ada', 'ben', 'cy'].map((n) => registerEmployer(t.app, `${n}@example.com`, undefined, n.toUpperCase())));
    const ended = await registerEmployer(t.app, 'ended@example.com');
    await t.app.inject({ method: 'POST', url: '/api/accounts/logout', headers: bearer(ended.token) });
    const tokens = [...people.map((p) => p.token), ended.token, 'made-up-token-that-matches-no-session'];
    // Each token three times, all sent together.
    const calls = [...tokens, ...tokens, ...tokens];
    const answers = await Promise.all(calls.map((token) => t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) })));
    answers.forEach((res, i) => {
      const who = people.findIndex((p) => p.token === calls[i]);
      if (who === -1) {
        expect(res.statusCode).toBe(401);
      } else {
        expect(res.statusCode).toBe(200);
        expect(json<{ user: { id: string; email: string } }>(res).user).toMatchObject({ id: people[who]!.id, email: `${['ada', 'ben', 'cy'][who]}@example.com` });
      }
    });
  });

  it('looks up the checks of one turn of the event loop with one statement, and reads again for a check made later', async () => {
    const { db, sessionStatements } = countingDb();
    const erin = await registerEmployer(t.app, 'erin@example.com');
    const sessions = await Promise.all(Array.from({ length: 20 }, () => createSession(db, erin.id, false, { ip: '127.0.0.1' })));
    const before = sessionStatements();

    const found = await Promise.all([...sessions.map((s) => resolveSession(db, s.token, 'bearer')), resolveSession(db, 'no-such-token', 'bearer')]);
    expect(sessionStatements() - before).toBe(1);
    expect(found.slice(0, 20).every((u) => u?.userId === erin.id)).toBe(true);
    expect(new Set(found.slice(0, 20).map((u) => u!.sessionId)).size).toBe(20);
    expect(found[20]).toBeNull();

    // A session ended after one check and before the next is refused by the next: nothing is kept
    // between statements.
    const first = await resolveSession(db, sessions[0]!.token, 'bearer');
    await endSession(db, first!.sessionId);
    expect(await resolveSession(db, sessions[0]!.token, 'bearer')).toBeNull();

    // Checks made in turns of their own each read the database.
    const at = sessionStatements();
    const spread = await oneATurn(5, (i) => resolveSession(db, sessions[i + 1]!.token, 'bearer'));
    expect(spread.every((c) => c.status === 'fulfilled' && c.value?.userId === erin.id)).toBe(true);
    expect(sessionStatements() - at).toBe(5);
  });

  it('refuses a deactivated user at the next check while the checks of others go on', async () => {
    const [ada, ben] = await Promise.all(['ada', 'ben'].map((n) => registerEmployer(t.app, `${n}@example.com`)));
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) });
    const during = Array.from({ length: 10 }, () => me(ben!.token));
    await t.ctx.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, ada!.id));
    expect((await me(ada!.token)).statusCode).toBe(401);
    expect((await Promise.all(during)).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });
});
