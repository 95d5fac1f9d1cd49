// Exposed as mfe_employees/SetupAccountPage (shared-contracts REMOTES['mfe-employees']).
import { SetupAccountPage } from '../features/setup-account/setup-account-page';

/** Public route /setup-account?employer_id={companyId}. */
export default SetupAccountPage;
