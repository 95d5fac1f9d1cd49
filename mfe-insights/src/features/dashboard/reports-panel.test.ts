import { describe, expect, it } from 'vitest';
import { category7Query } from '@portal/shared-contracts';
import { category7Url } from './reports-panel';

describe('the Category 7 report address', () => {
  it('names the year and format, and the company only for a super admin', () => {
    expect(category7Url({}, 2026, 'csv')).toBe('/api/reports/category7?year=2026&format=csv');
    const url = category7Url({ companyId: '7f1c2c57-79dd-4364-a862-f0fea98aa20e' }, 2025, 'trips');
    expect(url).toBe('/api/reports/category7?year=2025&format=trips&companyId=7f1c2c57-79dd-4364-a862-f0fea98aa20e');
    // What the api's own schema reads from it.
    const query = Object.fromEntries(new URL(url, 'http://portal.test').searchParams);
    expect(category7Query.parse(query)).toEqual({ year: 2025, format: 'trips', companyId: '7f1c2c57-79dd-4364-a862-f0fea98aa20e' });
  });

  it('names the office, or none for employees without one, as the api reads it', () => {
    const office = '0b6a2f4e-2a52-4c1e-9d55-8f3c61a0e1b2';
    const url = category7Url({ officeId: office }, 2026, 'csv');
    expect(url).toBe(`/api/reports/category7?year=2026&format=csv&officeId=${office}`);
    expect(category7Query.parse(Object.fromEntries(new URL(url, 'http://portal.test').searchParams))).toEqual({ year: 2026, format: 'csv', officeId: office });
    expect(category7Url({ officeId: 'none' }, 2026, 'pdf')).toBe('/api/reports/category7?year=2026&format=pdf&officeId=none');
  });
});
