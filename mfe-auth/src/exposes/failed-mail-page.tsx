import { FailedMailPage } from '../features/mail/failed-mail-page';

export default FailedMailPage;
