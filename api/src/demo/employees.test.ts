import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { employeePageSchema } from '@portal/shared-contracts';
import { companies, users } from '../db/schema';
import { bearer, json, superAdminToken, useTestApp } from '../test/test-support';
import { seedDemoEmployees } from './employees';

const t = useTestApp();

let companyId: string;
beforeEach(async () => {
  await t.reset();
  const [c] = await t.ctx.db.insert(companies).values({ name: 'Greenway Logistics Ltd', email: 'hello@greenway.example', phoneNumber: '0113 496 0123' }).returning();
  companyId = c!.id;
});

async function people(id: string) {
  return t.ctx.db
    .select({ email: users.email, first: users.firstName, last: users.lastName, active: users.isActive, approved: users.isApproved, reason: users.deactivationReason })
    .from(users)
    .where(eq(users.companyId, id))
    .orderBy(users.employeeNumber);
}

describe('seedDemoEmployees', () => {
  it('creates a realistic mix: active, deactivated with a reason, pending, ~30% drivers with cars', async () => {
    const r = await seedDemoEmployees(t.ctx.db, { companyId, count: 2000, seed: 7 });
    expect(r.created).toBe(2000);
    expect(r.active + r.deactivated + r.pending).toBe(2000);
    expect(r.pending).toBeGreaterThan(40);
    expect(r.deactivated).toBeGreaterThan(80);
    expect(r.drivers / 2000).toBeGreaterThan(0.22);
    expect(r.drivers / 2000).toBeLessThan(0.32);
    expect(r.verifiedDrivers).toBeGreaterThan(0);
    const rows = await people(companyId);
    expect(rows).toHaveLength(2000);
    expect(rows.filter((p) => !p.active && p.approved).every((p) => p.reason)).toBe(true);
    const [cars] = await t.ctx.db.execute(sql`select count(*)::int as n from vehicles v join users u on u.id = v.user_id where u.company_id = ${companyId}`).then((x) =>
      Array.isArray(x) ? x : (x as unknown as { rows: unknown[] }).rows,
    );
    expect(Number((cars as { n: number }).n)).toBe(r.drivers);

    // The api serves them: list, search, details with the car.
    const root = await superAdminToken(t.app);
    const page = employeePageSchema.parse(json(await t.app.inject({ method: 'GET', url: `/api/employees?companyId=${companyId}&search=smith`, headers: bearer(root) })));
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.items.every((e) => `${e.firstName} ${e.lastName} ${e.email}`.toLowerCase().includes('smith'))).toBe(true);
  });

  it('always leaves join requests waiting: at least the share of a small company, whatever its id', async () => {
    // The draw depends on the company's id, new each run: 20 companies of 60 stand for 20 runs.
    for (let n = 0; n < 20; n++) {
      const [c] = await t.ctx.db.insert(companies).values({ name: `Small ${n}`, email: `s${n}@s.example`, phoneNumber: '0113 496 0000' }).returning();
      const r = await seedDemoEmployees(t.ctx.db, { companyId: c!.id, count: 60, seed: 'greenway' });
      expect(r.pending).toBeGreaterThanOrEqual(3);
      expect((await people(c!.id)).filter((p) => !p.approved)).toHaveLength(r.pending);
    }
  });

  it('is deterministic for a seed, and different for another seed', async () => {
    const [other] = await t.ctx.db.insert(companies).values({ name: 'Other', email: 'o@o.example', phoneNumber: '0113 496 0000' }).returning();
    await seedDemoEmployees(t.ctx.db, { companyId, count: 50, seed: 3 });
    const a = (await people(companyId)).map((p) => `${p.first} ${p.last} ${p.active}`);
    await t.ctx.db.delete(users).where(eq(users.companyId, companyId));
    await seedDemoEmployees(t.ctx.db, { companyId, count: 50, seed: 3 });
    expect((await people(companyId)).map((p) => `${p.first} ${p.last} ${p.active}`)).toEqual(a);
    await seedDemoEmployees(t.ctx.db, { companyId: other!.id, count: 50, seed: 4 });
    expect((await people(other!.id)).map((p) => `${p.first} ${p.last} ${p.active}`)).not.toEqual(a);
  });

  it('adds to a company that already has employees without clashing', async () => {
    await seedDemoEmployees(t.ctx.db, { companyId, count: 10 });
    await seedDemoEmployees(t.ctx.db, { companyId, count: 10 });
    expect(await people(companyId)).toHaveLength(20);
  });
});
