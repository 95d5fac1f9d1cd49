import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { AuthLayout } from '../features/layout/components/auth-layout';
import styles from '../features/layout/components/form.module.css';
import { ForgotPasswordFormView } from '../features/passwords/components/forgot-password-form';
import { AppLink } from '../shared/app-link';
import { COPY } from '../shared/copy';

/** `/forgot-password`: request a reset link by mail. */
export default function ForgotPasswordPage() {
  return (
    <AuthLayout
      title={MESSAGES.forgot.heading}
      subtitle={COPY.forgot.subtitle}
      footer={
        <AppLink to={ROUTES.login} className={styles.link}>
          {COPY.forgot.backToLogin}
        </AppLink>
      }
    >
      <ForgotPasswordFormView />
    </AuthLayout>
  );
}
