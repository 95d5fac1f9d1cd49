import { AllEmployersPage } from '../features/employers/all-employers-page';

export default AllEmployersPage;
