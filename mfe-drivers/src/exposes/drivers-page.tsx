// Exposed as mfe_drivers/DriversPage (shared-contracts REMOTES['mfe-drivers']).
import { DriversPage } from '../features/drivers/drivers-page';

/** /drivers, /approved-drivers (`tab: 'Approved'`) and /pending-drivers (`tab: 'Pending'`). */
export default DriversPage;
