import { AccountCompletedPage } from '../features/setup/account-completed-page';

export default AccountCompletedPage;
