import type { CompanySettingsPageProps } from '@portal/shared-contracts';
import { CompanySettingsPage } from '../features/settings/company-settings-page';

export default function CompanySettingsPageExposed(props: CompanySettingsPageProps) {
  return <CompanySettingsPage {...props} />;
}
