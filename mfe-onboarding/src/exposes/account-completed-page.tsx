import type { AccountCompletedPageProps } from '@portal/shared-contracts';
import { AccountCompletedPage } from '../features/setup/account-completed-page';

export default function AccountCompletedPageExposed(props: AccountCompletedPageProps) {
  return <AccountCompletedPage {...props} />;
}
