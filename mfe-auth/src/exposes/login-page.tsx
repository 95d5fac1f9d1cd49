import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { LoginFormView } from '../features/login/components/login-form';
import { AuthLayout } from '../features/layout/components/auth-layout';
import styles from '../features/layout/components/form.module.css';
import { AppLink } from '../shared/app-link';
import { COPY } from '../shared/copy';

/** `/`: sign in. */
export default function LoginPage() {
  return (
    <AuthLayout
      title={COPY.login.title}
      subtitle={COPY.login.subtitle}
      footer={
        <>
          {COPY.login.noAccount}{' '}
          <AppLink to={ROUTES.signup} className={styles.link}>
            {MESSAGES.login.signupLink}
          </AppLink>
        </>
      }
    >
      <LoginFormView />
    </AuthLayout>
  );
}
