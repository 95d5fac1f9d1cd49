import { usePlatform } from '@portal/shared-contracts';

/** What every insight query carries to say whose figures it wants. */
export type InsightScopeQuery = { companyId?: string };
export type InsightScope = { ready: true; query: InsightScopeQuery } | { ready: false };

/**
 * Whose insights to ask for. An employer or admin always gets their own company (the api ignores
 * anything else they send), so nothing is added. A super admin must name the company: the contract
 * takes `companyId`, read here from the route's `?companyId=`; without one there is nothing to show.
 */
export function useInsightScope(): InsightScope {
  const { session, location } = usePlatform();
  if (session?.role !== 'SuperAdmin') return { ready: true, query: {} };
  const companyId = location.query.get('companyId')?.trim();
  return companyId ? { ready: true, query: { companyId } } : { ready: false };
}
