import { ENDPOINTS, MESSAGES } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { readSchemeSettings, updateSchemeSettings } from './service';

const S = ENDPOINTS.schemeSettings;

/** The back office's Scheme Settings (super admins only, by the contract's access). */
export const schemeModule = apiModule('scheme', [
  implement(S.get, (_req, _reply, ctx) => readSchemeSettings(ctx.db)),
  implement(S.update, async (req, _reply, ctx) => {
    const { changed, settings } = await updateSchemeSettings(ctx.db, requireAuth(req), req.body);
    return { success: true as const, message: changed ? MESSAGES.schemeSettings.saved : MESSAGES.schemeSettings.unchanged, changed, settings };
  }),
]);
