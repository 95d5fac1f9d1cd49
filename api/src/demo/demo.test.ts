import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { companies, users } from '../db/schema';
import { rows } from '../db/sql';
import { bearer, json, loginAs, superAdminToken, useTestApp } from '../test/test-support';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './index';

const t = useTestApp();

describe('demo data', () => {
  it('is not created for tests unless asked', async () => {
    expect(await t.ctx.db.select().from(companies)).toEqual([]);
  });

  it('creates the demo companies and logins once, prints them once, and leaves them alone afterwards', async () => {
    const lines: string[] = [];
    const log = { info() {}, warn: (_o: object | string, msg?: string) => void lines.push(String(msg)), error() {} };
    const first = await seedDemo({ db: t.ctx.db, log }, { employeesPerCompany: 0 });
    expect(first.created).toBe(true);
    expect(first.companies.map((c) => [c.name, c.isActive])).toEqual([
      ['Greenway Logistics Ltd', true],
      ['Riverside Health Trust', true],
      ['Northgate Retail Group', false],
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(DEMO_PASSWORD);
    expect(lines[0]).toContain(DEMO_ACCOUNTS.readyEmployer);

    const again = await seedDemo({ db: t.ctx.db, log }, { employeesPerCompany: 0 });
    expect(again.created).toBe(false);
    expect(again.companies.map((c) => c.id)).toEqual(first.companies.map((c) => c.id));
    expect(lines).toHaveLength(1);
    expect(await t.ctx.db.select().from(companies)).toHaveLength(3);
  });

  it('gives logins that land where their state says', async () => {
    const greenway = json(await loginAs(t.app, DEMO_ACCOUNTS.readyEmployer, DEMO_PASSWORD));
    expect(greenway).toMatchObject({ role: 'Employer', signUpState: 3 });
    const company = json<{ company: { locations: unknown[]; incentive: unknown } }>(
      await t.app.inject({ method: 'GET', url: `/api/employers/${String(greenway.employerId)}`, headers: { authorization: `Bearer ${String(greenway.token)}` } }),
    ).company;
    expect(company.locations.length).toBeGreaterThanOrEqual(2);
    expect(company.incentive).not.toBeNull();
    expect(json(await loginAs(t.app, DEMO_ACCOUNTS.secondEmployer, DEMO_PASSWORD))).toMatchObject({ signUpState: 3 });
    // Demo employees are created only with the companies (employeesPerCompany was 0 here).
    expect(await t.ctx.db.select().from(users).where(eq(users.role, 'Employee'))).toEqual([]);
    expect(json(await loginAs(t.app, DEMO_ACCOUNTS.newEmployer, DEMO_PASSWORD))).toMatchObject({ signUpState: 0, employerId: null });
    const closed = await loginAs(t.app, DEMO_ACCOUNTS.deactivatedEmployer, DEMO_PASSWORD);
    expect(closed.statusCode).toBe(403);
    expect(json(closed)).toMatchObject({ message: MESSAGES.login.companyDeactivated });
    const [u] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.newEmployer));
    expect(u!.companyId).toBeNull();
  });

  it('adds employees to each demo company on the run that creates them', async () => {
    await t.reset();
    const result = await seedDemo({ db: t.ctx.db, log: { info() {}, warn() {}, error() {} } }, { employeesPerCompany: 3 });
    for (const c of result.companies) {
      const staff = await t.ctx.db.select().from(users).where(eq(users.companyId, c.id));
      expect(staff.filter((u) => u.role === 'Employee')).toHaveLength(3);
    }
    const list = json<{ items: { name: string; employeeCount: number }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/employers', headers: bearer(await superAdminToken(t.app)) }),
    );
    expect(list.items.map((i) => i.employeeCount)).toEqual([3, 3, 3]);
  });

  it("spreads each demo company's employees over its offices and No office", async () => {
    await t.reset();
    const result = await seedDemo({ db: t.ctx.db, log: { info() {}, warn() {}, error() {} } }, { employeesPerCompany: 40 });
    for (const c of result.companies) {
      const spread = await rows<{ office_id: string | null; n: number }>(
        t.ctx.db,
        sql`select u.office_id, count(*)::int as n from users u where u.company_id = ${c.id} and u.role = 'Employee' group by u.office_id`,
      );
      const offices = await rows<{ id: string }>(t.ctx.db, sql`select id from locations where company_id = ${c.id}`);
      // Every office has employees, and so has No office; none is in another company's office.
      expect(spread.map((s) => s.office_id).sort(), c.id).toEqual([...offices.map((o) => o.id), null].sort());
      expect(Math.min(...spread.map((s) => s.n))).toBeGreaterThanOrEqual(Math.floor(40 / (offices.length + 1)));
    }
  });
});
