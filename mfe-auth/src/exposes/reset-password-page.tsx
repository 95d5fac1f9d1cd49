import { ROUTES } from '@portal/shared-contracts';
import { AuthLayout } from '../features/layout/components/auth-layout';
import styles from '../features/layout/components/form.module.css';
import { ResetPasswordFormView } from '../features/passwords/components/reset-password-form';
import { AppLink } from '../shared/app-link';
import { COPY } from '../shared/copy';

/** `/reset-password?email=...&token=...`: reached from the mailed link. */
export default function ResetPasswordPage() {
  return (
    <AuthLayout
      title={COPY.reset.title}
      subtitle={COPY.reset.subtitle}
      footer={
        <>
          <AppLink to={ROUTES.login} className={styles.link}>
            {COPY.reset.backToLogin}
          </AppLink>
          {' · '}
          <AppLink to={ROUTES.forgotPassword} className={styles.link}>
            {COPY.reset.requestNew}
          </AppLink>
        </>
      }
    >
      <ResetPasswordFormView />
    </AuthLayout>
  );
}
