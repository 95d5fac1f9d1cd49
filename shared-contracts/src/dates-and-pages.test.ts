import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { LIMITS } from './constants';
import type { AnyEndpoint } from './endpoint';
import { allEndpoints, ENDPOINTS } from './endpoints';
import { companySchema, employerListItemSchema, pageOf, type Page } from './entities';
import { DATE_RANGE, DATE_RANGE_YEARS, FOLLOW_UP_HORIZON_YEARS, approveDriversBodySchema, followUpWindow, tripBodySchema, verifyVehicleFormSchema } from './forms';
import { MESSAGES } from './messages';

function messagesAt(schema: z.ZodMiniType, value: unknown, path: string): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the one range of dates', () => {
  const audits = [ENDPOINTS.audit.list.query, ENDPOINTS.audit.export.query];

  it("is the audit log's filter days, inclusive, with its own message past either end", () => {
    for (const query of audits) {
      for (const day of [DATE_RANGE.first, DATE_RANGE.last, '2024-02-29']) {
        expect(messagesAt(query, { from: day }, 'from'), day).toEqual([]);
        expect(messagesAt(query, { to: day }, 'to'), day).toEqual([]);
      }
      for (const day of ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
        expect(messagesAt(query, { from: day }, 'from'), day).toEqual([MESSAGES.input.dateOutOfRange]);
        expect(messagesAt(query, { to: day }, 'to'), day).toEqual([MESSAGES.input.dateOutOfRange]);
      }
      // Not days at all: the format's message, never a rolled-over date (31 February is not 3 March).
      for (const day of ['2026-02-31', '2023-02-29', '2026-13-01', '2026-1-1', '20260101', `2026-01-01${' '.repeat(40)}`, '']) {
        expect(messagesAt(query, { from: day }, 'from'), day).toEqual([MESSAGES.audit.badDate]);
      }
    }
  });

  it('bounds a trip start as well (the 90-day rule is the server’s, on top of it)', () => {
    const trip = { clientTripId: 't', distanceMiles: 1, passengerIds: ['6a1d3a2c-1c5b-4b0e-9a44-1d2f3e4a5b6c'] };
    expect(messagesAt(tripBodySchema, { ...trip, startedAt: '0000-01-01T00:00:00Z' }, 'startedAt')).toEqual([MESSAGES.input.dateOutOfRange]);
    expect(messagesAt(tripBodySchema, { ...trip, startedAt: '2101-01-01T00:00:00+01:00' }, 'startedAt')).toEqual([]);
    expect(messagesAt(tripBodySchema, { ...trip, startedAt: '2101-01-01T00:00:00Z' }, 'startedAt')).toEqual([MESSAGES.input.dateOutOfRange]);
    expect(messagesAt(tripBodySchema, { ...trip, startedAt: '2026-02-31T08:00:00Z' }, 'startedAt')).toEqual([MESSAGES.trips.startedAtInvalid]);
  });

  it("gives the insights' years, and their message says so", () => {
    const q = ENDPOINTS.insights.dashboard.query;
    expect(messagesAt(q, { year: String(DATE_RANGE_YEARS.first), month: '1' }, 'year')).toEqual([]);
    expect(messagesAt(q, { year: String(DATE_RANGE_YEARS.last), month: '12' }, 'year')).toEqual([]);
    expect(messagesAt(q, { year: String(DATE_RANGE_YEARS.first - 1), month: '1' }, 'year')).toEqual([MESSAGES.insights.monthInvalid]);
    expect(messagesAt(q, { year: String(DATE_RANGE_YEARS.last + 1), month: '1' }, 'year')).toEqual([MESSAGES.insights.monthInvalid]);
    expect(MESSAGES.insights.monthInvalid).toContain(`from ${DATE_RANGE_YEARS.first} to ${DATE_RANGE_YEARS.last}`);
    expect(DATE_RANGE.first.startsWith(String(DATE_RANGE_YEARS.first))).toBe(true);
    expect(DATE_RANGE.last).toBe(`${DATE_RANGE_YEARS.last}-12-31`);
    expect(MESSAGES.input.dateOutOfRange).toBe(`Dates must be from 1 January ${DATE_RANGE_YEARS.first} to 31 December ${DATE_RANGE_YEARS.last}.`);
  });
});

describe('the follow-up window', () => {
  const now = new Date('2026-11-28T15:45:00Z');
  const body = { employeeIds: ['x'] };

  it(`runs from 00:00 UTC today to the end of the same day ${FOLLOW_UP_HORIZON_YEARS} years on`, () => {
    vi.useFakeTimers({ now });
    expect(followUpWindow()).toEqual({ from: new Date('2026-11-28T00:00:00Z'), until: new Date('2028-11-29T00:00:00Z') });
    for (const inside of ['2026-11-28T00:00:00Z', '2026-11-28T09:00:00Z', '2026-11-28T01:30:00+01:00', '2028-11-28T23:59:59.999Z']) {
      expect(messagesAt(approveDriversBodySchema, { ...body, followUpDate: inside }, 'followUpDate'), inside).toEqual([]);
    }
    for (const outside of ['2026-11-27T23:59:59Z', '2026-11-28T00:30:00+01:00', '2028-11-29T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      expect(messagesAt(approveDriversBodySchema, { ...body, followUpDate: outside }, 'followUpDate'), outside).toEqual([MESSAGES.drivers.followUpOutOfRange]);
      expect(messagesAt(verifyVehicleFormSchema, { notes: 'MOT seen', followUpDate: outside }, 'followUpDate'), outside).toEqual([MESSAGES.drivers.followUpOutOfRange]);
    }
  });

  it('moves with the day the check runs on, so the form and the api agree on the same day', () => {
    const followUpDate = '2026-11-28T09:00:00Z';
    vi.useFakeTimers({ now });
    expect(approveDriversBodySchema.safeParse({ ...body, followUpDate }).success).toBe(true);
    vi.setSystemTime(new Date('2026-11-29T00:00:01Z'));
    expect(messagesAt(approveDriversBodySchema, { ...body, followUpDate }, 'followUpDate')).toEqual([MESSAGES.drivers.followUpOutOfRange]);
  });

  it('a leap day two years on: the window ends with the day the calendar rolls it to', () => {
    vi.useFakeTimers({ now: new Date('2028-02-29T12:00:00Z') });
    expect(followUpWindow().until).toEqual(new Date('2030-03-02T00:00:00Z'));
  });
});

/** An endpoint that answers a page (`pageOf`): its response has the page's fields. */
function answersPage(ep: AnyEndpoint): boolean {
  const shape = (ep.response as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape;
  return !!shape && ['items', 'totalCount', 'pageNumber', 'pageSize', 'totalPages', 'hasPreviousPage', 'hasNextPage'].every((k) => k in shape);
}

describe('paging, one rule for every list', () => {
  const paged = allEndpoints().filter(answersPage);

  it('finds the paged endpoints from the contract', () => {
    expect(paged.map((e) => e.id)).toEqual(expect.arrayContaining(['employees.list', 'employees.pending', 'audit.list', 'insights.participation', 'billing.historyPage', 'accounts.users']));
    expect(paged.length).toBeGreaterThanOrEqual(14);
  });

  it.each(paged.map((e) => [e.id, e] as const))('%s takes pageNumber 1 to LIMITS.maxPageNumber and pageSize 1 to LIMITS.maxPageSize, with their messages', (_id, ep) => {
    const query = ep.query!;
    // Insight queries of a month need the month as well; the others ignore it.
    const base = { year: '2026', month: '1' };
    const at = (field: string, value: string) => messagesAt(query, { ...base, [field]: value }, field);
    expect(at('pageNumber', '1')).toEqual([]);
    expect(at('pageNumber', String(LIMITS.maxPageNumber))).toEqual([]);
    for (const bad of [String(LIMITS.maxPageNumber + 1), '21474841', '0', '-1', '1.5', '1e3', ' 5', '9007199254740993', '']) {
      expect(at('pageNumber', bad), bad).toEqual([MESSAGES.input.pageNumberInvalid]);
    }
    expect(at('pageSize', String(LIMITS.maxPageSize))).toEqual([]);
    for (const bad of [String(LIMITS.maxPageSize + 1), '0', '10x']) expect(at('pageSize', bad), bad).toEqual([MESSAGES.input.pageSizeInvalid]);
    expect(MESSAGES.input.pageNumberInvalid).toContain(`from 1 to ${LIMITS.maxPageNumber}`);
    expect(MESSAGES.input.pageSizeInvalid).toContain(`from 1 to ${LIMITS.maxPageSize}`);
  });
});

describe('one shape per answer', () => {
  it('a Page<T> is what pageOf answers for a schema of T', () => {
    const answer = pageOf(z.object({ id: z.string() })).parse({ items: [{ id: 'a' }], totalCount: 1, pageNumber: 1, pageSize: 10, totalPages: 1, hasPreviousPage: false, hasNextPage: false });
    expectTypeOf(answer).toEqualTypeOf<Page<{ id: string }>>();
    expect(answer.items).toEqual([{ id: 'a' }]);
  });

  it("the employer list's row is the company's own fields, plus its employee count and subscription", () => {
    const own = Object.keys(employerListItemSchema.shape).filter((k) => !['employeeCount', 'subscription'].includes(k));
    expect(own.length).toBeGreaterThan(0);
    for (const key of own) expect(employerListItemSchema.shape[key as keyof typeof employerListItemSchema.shape], key).toBe(companySchema.shape[key as keyof typeof companySchema.shape]);
  });
});
