// Exposed as mfe_billing/BillingPage (shared-contracts REMOTES['mfe-billing']).
import { BillingPage } from '../features/billing/billing-page';

/** /payment in the employer area. */
export default BillingPage;
