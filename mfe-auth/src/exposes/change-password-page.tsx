import { ChangePasswordPage } from '../features/passwords/change-password-page';

export default ChangePasswordPage;
