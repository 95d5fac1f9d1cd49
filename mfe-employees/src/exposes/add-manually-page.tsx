// Exposed as mfe_employees/AddManuallyPage (shared-contracts REMOTES['mfe-employees']).
import { AddManuallyPage } from '../features/add-manually/add-manually-page';

export default AddManuallyPage;
