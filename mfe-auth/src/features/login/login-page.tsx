import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { AppLink } from '../../shared/app-link';
import { AuthLayout } from '../../shared/auth-layout';
import { COPY } from '../../shared/copy';
import { LoginFormView } from './login-form';

/** `/`: sign in. */
export function LoginPage() {
  return (
    <AuthLayout
      title={COPY.login.title}
      subtitle={COPY.login.subtitle}
      footer={
        <>
          {COPY.login.noAccount} <AppLink to={ROUTES.signup}>{MESSAGES.login.signupLink}</AppLink>
        </>
      }
    >
      <LoginFormView />
    </AuthLayout>
  );
}
