import { officeLabel } from '@portal/shared-contracts/names';
import type { Company } from '@portal/shared-contracts/entities';
import { usePlatform } from '@portal/shared-contracts/platform';
import { useQueries, useQuery } from '@tanstack/react-query';
import { companyQueryOptions } from './company';

/** An office of a company (one of its locations), as every office select and office column names it. */
export interface OfficeOption {
  id: string;
  label: string;
}

/** The offices of a company, from its record. */
export function officesOf(company: Pick<Company, 'locations'>): OfficeOption[] {
  return company.locations.map((l) => ({ id: l.id, label: officeLabel(l) }));
}

/**
 * The offices of a company; no call while `companyId` is null. They come from the company's own query
 * (`companyQueryOptions`): a page that shows the company and its offices reads it once, a change of the
 * company refreshes both, and the company the shell read at sign-in is not asked for again.
 */
export function useOffices(companyId: string | null) {
  const { api } = usePlatform();
  return useQuery({ ...companyQueryOptions(api, companyId ?? ''), select: officesOf, staleTime: 60_000, enabled: companyId !== null });
}

/**
 * Office names by id for the companies of a page of rows: one request per company (an employer's
 * page is one company), never one per row.
 */
export function useOfficeLabels(companyIds: readonly string[]): ReadonlyMap<string, string> {
  const { api } = usePlatform();
  const unique = [...new Set(companyIds)].sort();
  return useQueries({
    queries: unique.map((id) => ({ ...companyQueryOptions(api, id), select: officesOf, staleTime: 60_000 })),
    combine: (results) => new Map(results.flatMap((r) => (r.data ?? []).map((o) => [o.id, o.label] as const))),
  });
}
