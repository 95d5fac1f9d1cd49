import type { ReactNode } from 'react';
import { EmptyState } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { usePlatform } from '@portal/shared-contracts/platform';

/** What every insight query carries to say whose figures it wants. */
export type InsightScopeQuery = { companyId?: string };

/**
 * Whose insights to ask for. An employer or admin always gets their own company (the api ignores
 * anything else they send), so nothing is added. A super admin must name the company: the contract
 * takes `companyId`, read here from the route's `?companyId=`; without one there is nothing to ask,
 * and the screen says so instead.
 */
export function WithInsightScope({ children }: { children: (scope: InsightScopeQuery) => ReactNode }) {
  const { session, location } = usePlatform();
  if (session?.role !== 'SuperAdmin') return children({});
  const companyId = location.query.get('companyId')?.trim();
  return companyId ? children({ companyId }) : <EmptyState title={MESSAGES.insights.companyRequired} />;
}

/** An insight that takes the office filter: the company's figures, one office's, or "No office"'s (`none`). */
export type OfficeScopeQuery = InsightScopeQuery & { officeId?: string };

/** The company a screen's changes go to, and whether the signed-in user may make them. */
export interface CompanyControl {
  /** The company shown; null only for an employer whose company is not set up yet. */
  companyId: string | null;
  /** The company's own employer and admins manage it; a super admin only reads another company's insights. */
  canManage: boolean;
}

export function useCompanyControl(scope: InsightScopeQuery): CompanyControl {
  const { session } = usePlatform();
  const companyId = scope.companyId ?? session?.employerId ?? null;
  return { companyId, canManage: session?.role !== 'SuperAdmin' && companyId !== null };
}
