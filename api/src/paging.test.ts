import { beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, LIMITS, MESSAGES, type AnyEndpoint } from '@portal/shared-contracts';
import { feedbacks, journeyGroups } from './db/schema';
import { enrolAt } from './test/billing-world';
import { makeCompany, makeEmployee, makeEmployer } from './test/trips-world';
import { bearer, json, superAdminToken, useTestApp } from './test/test-support';

/**
 * Every list answers the same way at and past its end (docs/api.md, "Paging"): the endpoints are
 * found from the contract (those answering a page), so a new list is covered without being named.
 * A page past the last one answers 200 with no items and the list's true totals; a page number
 * beyond LIMITS.maxPageNumber answers 400 with the message that says the range.
 */
const t = useTestApp();

interface Page {
  items: unknown[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

const paged = allEndpoints().filter((ep) => {
  const shape = (ep.response as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape;
  return !!shape && ['items', 'totalCount', 'pageNumber', 'pageSize', 'totalPages', 'hasPreviousPage', 'hasNextPage'].every((k) => k in shape);
});

let w: { company: string; tokens: Record<'Employer' | 'SuperAdmin' | 'Employee', string> };

beforeAll(async () => {
  const db = t.ctx.db;
  const company = await makeCompany(db, 'Acme', { numberOfTrips: 1, numberOfMiles: 1 });
  const boss = await makeEmployer(db, company, 'boss@acme.test');
  const driver = await makeEmployee(db, company, 'Dan', 'Driver', { car: true });
  await makeEmployee(db, company, 'Pat', 'Pending', { approved: false });
  await db.insert(journeyGroups).values({ companyId: company, name: 'Leeds loop', nameKey: 'leeds loop' });
  await db.insert(feedbacks).values({ companyId: company, employeeId: driver.id, feedbackText: 'Smooth ride' });
  await enrolAt(db, company, new Date(Date.now() - 40 * 86_400_000));
  w = { company, tokens: { Employer: boss.token, SuperAdmin: await superAdminToken(t.app), Employee: driver.token } };
  // An entry of the audit log, so that list is not empty either.
  const pending = await makeEmployee(db, company, 'Ann', 'Approve', { approved: false });
  expect((await t.app.inject({ method: 'PUT', url: `/api/employees/${pending.id}/accept`, headers: bearer(boss.token) })).statusCode).toBe(200);
});

function url(ep: AnyEndpoint, query: Record<string, string | number>): string {
  const path = ep.path.replace('{employerId}', w.company);
  const shape = (ep.query as unknown as { _zod: { def: { shape?: Record<string, unknown> } } } | undefined)?._zod.def.shape ?? {};
  // The insights of a month need one; every other list ignores a month it does not take.
  const month = 'year' in shape ? { year: new Date().getUTCFullYear(), month: new Date().getUTCMonth() + 1 } : {};
  return `${path}?${new URLSearchParams(Object.entries({ ...month, ...query }).map(([k, v]) => [k, String(v)]))}`;
}

async function get(ep: AnyEndpoint, query: Record<string, string | number>) {
  const access = ep.access as readonly string[];
  const role = access.includes('Employer') ? 'Employer' : access.includes('SuperAdmin') ? 'SuperAdmin' : 'Employee';
  return t.app.inject({ method: 'GET', url: url(ep, query), headers: bearer(w.tokens[role]) });
}

describe('every paged endpoint, from the contract', () => {
  it('finds them all', () => {
    expect(paged.length).toBeGreaterThanOrEqual(14);
  });

  it.each(paged.map((ep) => [ep.id, ep] as const))('%s: a page past the end answers no items and the true totals', async (_id, ep) => {
    const first = await get(ep, { pageNumber: 1, pageSize: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const total = json<Page>(first).totalCount;

    for (const [pageNumber, pageSize] of [
      // Just past the last page (a list with none has page 1, empty, and nothing past it but 2).
      [Math.max(total + 1, 2), 1],
      [LIMITS.maxPageNumber, LIMITS.maxPageSize],
    ] as const) {
      const res = await get(ep, { pageNumber, pageSize });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<Page>(res)).toMatchObject({
        items: [],
        totalCount: total,
        pageNumber,
        pageSize,
        totalPages: Math.ceil(total / pageSize),
        hasPreviousPage: true,
        hasNextPage: false,
      });
    }
  });

  it.each(paged.map((ep) => [ep.id, ep] as const))('%s: a page number or size out of range answers 400 saying the range', async (_id, ep) => {
    for (const [query, message] of [
      [{ pageNumber: 21_474_841, pageSize: 100 }, MESSAGES.input.pageNumberInvalid],
      [{ pageNumber: LIMITS.maxPageNumber + 1 }, MESSAGES.input.pageNumberInvalid],
      [{ pageNumber: '9007199254740993' }, MESSAGES.input.pageNumberInvalid],
      [{ pageNumber: 0 }, MESSAGES.input.pageNumberInvalid],
      [{ pageSize: LIMITS.maxPageSize + 1 }, MESSAGES.input.pageSizeInvalid],
    ] as const) {
      const res = await get(ep, query);
      expect(res.statusCode, `${JSON.stringify(query)} ${res.body}`).toBe(400);
      expect(json(res)).toMatchObject({ success: false, message });
    }
  });
});
