// Exposed as mfe_employees/AllUsersPage (shared-contracts REMOTES['mfe-employees']).
import { AllUsersPage } from '../features/all-users/all-users-page';

export default AllUsersPage;
