// Exposed as mfe_employees/JoinRequestsBell (shared-contracts REMOTES['mfe-employees']).
import { JoinRequestsBell } from '../features/join-requests/join-requests-bell';

/** For the employer header's notification slot; renders a quiet bell before the company exists. */
export default JoinRequestsBell;
