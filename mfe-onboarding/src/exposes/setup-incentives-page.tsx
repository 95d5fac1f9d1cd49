import { SetupIncentivesPage } from '../features/setup/setup-incentives-page';

export default SetupIncentivesPage;
