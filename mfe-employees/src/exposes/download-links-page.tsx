// Exposed as mfe_employees/DownloadLinksPage (shared-contracts REMOTES['mfe-employees']).
import { DownloadLinksPage } from '../features/setup-account/download-links-page';

export default DownloadLinksPage;
