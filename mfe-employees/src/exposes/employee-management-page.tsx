// Exposed as mfe_employees/EmployeeManagementPage (shared-contracts REMOTES['mfe-employees']).
import { EmployeeManagementPage } from '../features/employee-management/employee-management-page';

export default EmployeeManagementPage;
