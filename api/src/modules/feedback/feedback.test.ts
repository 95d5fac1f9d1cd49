import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, feedbackPageSchema } from '@portal/shared-contracts';
import { json, useTestApp } from '../../test/test-support';
import { acmeAndGlobex, makeEmployee } from '../../test/trips-world';

const t = useTestApp();

let w: { acme: string; globex: string; boss: string; rival: string; ann: { id: string; token: string }; bob: { id: string; token: string }; pending: string };

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  const companies = await acmeAndGlobex(db, { acmeRole: 'Admin' });
  const { acme } = companies;
  w = {
    ...companies,
    ann: await makeEmployee(db, acme, 'Ann', 'Archer'),
    bob: await makeEmployee(db, acme, 'Bob', 'Baker'),
    pending: (await makeEmployee(db, acme, 'Pen', 'Pending', { approved: false })).token,
  };
});

const send = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/feedbacks', headers: { authorization: `Bearer ${token}` }, payload: payload as object });
const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/feedbacks${query}`, headers: { authorization: `Bearer ${token}` } });

describe('POST /api/feedbacks', () => {
  it('keeps an employee\'s feedback, trimmed', async () => {
    const res = await send(w.ann.token, { feedbackText: '  Lovely drivers.  ' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ success: true, message: MESSAGES.feedback.sent });
    const page = feedbackPageSchema.parse(json(await list(w.boss)));
    expect(page.items[0]).toMatchObject({ feedbackText: 'Lovely drivers.', employeeId: w.ann.id, fullName: 'Ann Archer' });
  });

  it('refuses empty, too long and non-text feedback, and pending employees', async () => {
    for (const [payload, message] of [
      [{ feedbackText: '   ' }, MESSAGES.feedback.required],
      [{}, MESSAGES.feedback.required],
      [{ feedbackText: 'x'.repeat(2001) }, MESSAGES.feedback.max],
      [{ feedbackText: 42 }, MESSAGES.feedback.required],
    ] as const) {
      const res = await send(w.ann.token, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ success: false, message });
    }
    expect((await send(w.ann.token, { feedbackText: 'x'.repeat(2000) })).statusCode).toBe(201);
    const pending = await send(w.pending, { feedbackText: 'Hello' });
    expect(pending.statusCode).toBe(403);
    expect(json(pending)).toMatchObject({ message: MESSAGES.trips.notApproved });
    expect((await send(w.boss, { feedbackText: 'Hello' })).statusCode).toBe(403);
  });
});

describe('GET /api/feedbacks', () => {
  it('pages newest first with full name and employee number, in one call, for the own company only', async () => {
    await send(w.ann.token, { feedbackText: 'first' });
    await send(w.bob.token, { feedbackText: 'second' });
    await send(w.ann.token, { feedbackText: 'third' });
    // Same instant for two: the id breaks the tie, so pages never overlap.
    await t.ctx.db.execute(sql`update feedbacks set created_at = now() - interval '1 day' where feedback_text in ('first', 'second')`);
    const first = feedbackPageSchema.parse(json(await list(w.boss, '?pageNumber=1&pageSize=2')));
    expect(first).toMatchObject({ totalCount: 3, totalPages: 2, hasNextPage: true });
    expect(first.items[0]).toMatchObject({ feedbackText: 'third', fullName: 'Ann Archer' });
    expect(first.items[0]!.employeeNumber).toMatch(/^E\d+$/);
    const second = feedbackPageSchema.parse(json(await list(w.boss, '?pageNumber=2&pageSize=2')));
    expect([...first.items, ...second.items].map((f) => f.feedbackText).sort()).toEqual(['first', 'second', 'third']);
    const rival = feedbackPageSchema.parse(json(await list(w.rival, `?companyId=${w.acme}`)));
    expect(rival.totalCount).toBe(0);
  });
});
