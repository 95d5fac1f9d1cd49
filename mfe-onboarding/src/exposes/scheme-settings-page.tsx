// Exposed as mfe_onboarding/SchemeSettingsPage (shared-contracts REMOTES['mfe-onboarding']).
import { SchemeSettingsPage } from '../features/scheme/scheme-settings-page';

/** /super-admin/settings in the back office. */
export default SchemeSettingsPage;
