import type { SetupCompanyPageProps } from '@portal/shared-contracts';
import { SetupCompanyPage } from '../features/setup/setup-company-page';

export default function SetupCompanyPageExposed(props: SetupCompanyPageProps) {
  return <SetupCompanyPage {...props} />;
}
