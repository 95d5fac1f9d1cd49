import { ResetPasswordPage } from '../features/passwords/reset-password-page';

export default ResetPasswordPage;
