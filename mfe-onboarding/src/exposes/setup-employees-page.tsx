import { SetupEmployeesPage } from '../features/setup/setup-employees-page';

export default SetupEmployeesPage;
