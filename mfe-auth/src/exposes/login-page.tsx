import { LoginPage } from '../features/login/login-page';

export default LoginPage;
