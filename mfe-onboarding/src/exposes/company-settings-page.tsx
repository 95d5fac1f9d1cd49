import { CompanySettingsPage } from '../features/settings/company-settings-page';

export default CompanySettingsPage;
