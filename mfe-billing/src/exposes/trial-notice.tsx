// Exposed as mfe_billing/TrialNotice (shared-contracts REMOTES['mfe-billing']).
import { TrialNotice } from '../features/billing/trial-notice';

/** The free trial's line above the employer area's pages (the shell's employer layout). */
export default TrialNotice;
