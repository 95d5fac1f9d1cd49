import { beforeEach, describe, expect, it } from 'vitest';
import { userPageSchema } from '@portal/shared-contracts';
import { companies, users } from '../../db/schema';
import { bearer, employerRows, json, superAdminSession, useTestApp } from '../../test/test-support';

const t = useTestApp();

let root: string;
let erin: string;
let acme: string;
beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  const [c] = await db.insert(companies).values({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '+44 7700 900123' }).returning();
  acme = c!.id;
  erin = (await employerRows(db, acme, 'erin@acme.test', 'Erin Walker')).token;
  await db.insert(users).values([
    { email: 'olivia@acme.test', passwordHash: '!', name: 'Olivia Smith', role: 'Employee', companyId: acme, firstName: 'Olivia', lastName: 'Smith', employeeNumber: '1', phoneNumber: '07700 900111' },
    { email: 'noah@acme.test', passwordHash: '!', name: 'Noah Evans', role: 'Employee', companyId: acme, firstName: 'Noah', lastName: 'Evans', employeeNumber: '2', isApproved: false, isActive: false },
  ]);
  root = await superAdminSession(db);
});

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/users${query}`, headers: bearer(root) });
  expect(res.statusCode).toBe(200);
  return userPageSchema.parse(json(res));
};

describe('GET /api/users', () => {
  it('lists employees and employer users together (never super admins), in name order', async () => {
    const page = await list();
    expect(page.totalCount).toBe(3);
    expect(page.items.map((u) => [u.firstName, u.lastName, u.role, u.companyId])).toEqual([
      ['Erin', 'Walker', 'Employer', acme],
      ['Noah', 'Evans', 'Employee', acme],
      ['Olivia', 'Smith', 'Employee', acme],
    ]);
  });

  it('filters by type and searches first name, last name, email and phone case-insensitively', async () => {
    expect((await list('?type=Employers')).items.map((u) => u.email)).toEqual(['erin@acme.test']);
    expect((await list('?type=Employees')).totalCount).toBe(2);
    expect((await list('?search=SMITH')).items.map((u) => u.email)).toEqual(['olivia@acme.test']);
    expect((await list('?search=900111')).items.map((u) => u.email)).toEqual(['olivia@acme.test']);
    expect((await list('?search=walk')).items.map((u) => u.role)).toEqual(['Employer']);
    expect((await list('?search=noah%40')).items.map((u) => u.firstName)).toEqual(['Noah']);
    expect(await list('?pageNumber=2&pageSize=2')).toMatchObject({ totalCount: 3, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
  });

  it("tells an employer's admin user apart from the employer", async () => {
    await t.ctx.db.insert(users).values({ email: 'ada@acme.test', passwordHash: '!', name: 'Ada Admin', role: 'Admin', companyId: acme });
    const employers = await list('?type=Employers');
    expect(employers.items.map((u) => [u.email, u.role, u.companyId])).toEqual([
      ['ada@acme.test', 'Admin', acme],
      ['erin@acme.test', 'Employer', acme],
    ]);
  });

  it('names each user’s company and its country, so two people of one name are told apart', async () => {
    const [other] = await t.ctx.db.insert(companies).values({ name: 'Dublin Bikes', email: 'hi@dublin.test', phoneNumber: '01 234 5678', countryCode: 'IE' }).returning();
    await t.ctx.db.insert(users).values({ email: 'olivia@dublin.test', passwordHash: '!', name: 'Olivia Smith', role: 'Employee', companyId: other!.id, firstName: 'Olivia', lastName: 'Smith', employeeNumber: '9' });
    await t.ctx.db.insert(users).values({ email: 'new@nowhere.test', passwordHash: '!', name: 'Nina New', role: 'Employer' });
    const found = await list('?search=olivia');
    expect(found.items.map((u) => [u.email, u.companyName, u.companyCountry]).sort()).toEqual([
      ['olivia@acme.test', 'Acme Ltd', 'GB'],
      ['olivia@dublin.test', 'Dublin Bikes', 'IE'],
    ]);
    // An employer whose company is not set up yet has none.
    expect((await list('?search=nina')).items[0]).toMatchObject({ companyId: null, companyName: null, companyCountry: null });
  });

  it('is for super admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(erin) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});
