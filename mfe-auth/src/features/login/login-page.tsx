import { AppLink } from '@portal/shared-ui/form';
import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { ROUTES } from '@portal/shared-contracts/routes';
import { AuthLayout } from '../../shared/auth-layout';
import { LOGIN_COPY } from '../../shared/login-copy';
import { LoginFormView } from './login-form';

/** `/`: sign in. */
export function LoginPage() {
  return (
    <AuthLayout
      title={LOGIN_COPY.title}
      subtitle={LOGIN_COPY.subtitle}
      footer={
        <>
          {LOGIN_COPY.noAccount} <AppLink to={ROUTES.signup}>{LOGIN_MESSAGES.login.signupLink}</AppLink>
        </>
      }
    >
      <LoginFormView />
    </AuthLayout>
  );
}
