import { eq } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { ssoConnections } from '../db/schema';

/**
 * A password login of an administrator whose company turned passwords off. Asked only after the
 * password was right, so the refusal tells nothing to someone who does not know it.
 */
export async function passwordsRefused(ctx: ApiContext, user: { role: string; companyId: string | null }): Promise<boolean> {
  if (!user.companyId || (user.role !== 'Employer' && user.role !== 'Admin')) return false;
  const [row] = await ctx.db
    .select({ passwordsAllowed: ssoConnections.passwordsAllowed })
    .from(ssoConnections)
    .where(eq(ssoConnections.companyId, user.companyId));
  return row ? !row.passwordsAllowed : false;
}
