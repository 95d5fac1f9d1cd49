import { MESSAGES } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import type { AuthUser } from '../accounts/sessions';
import { scopeOf } from '../employees/service';

/**
 * The one company an insight reads: an employer's or admin's own whatever they send (before setup,
 * an id that matches nothing, so every figure is empty); a super admin must name one, since every
 * roll-up is per company.
 */
export function insightCompany(auth: AuthUser, requested: string | undefined): string {
  const scope = scopeOf(auth, requested);
  if (scope === null) throw new HttpError(400, MESSAGES.insights.companyRequired);
  return scope;
}
