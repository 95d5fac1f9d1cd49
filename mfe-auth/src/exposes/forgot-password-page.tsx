import { ForgotPasswordPage } from '../features/passwords/forgot-password-page';

export default ForgotPasswordPage;
