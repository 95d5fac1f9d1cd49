import { SetupCompanyPage } from '../features/setup/setup-company-page';

export default SetupCompanyPage;
