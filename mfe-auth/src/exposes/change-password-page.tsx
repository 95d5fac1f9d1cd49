import type { ChangePasswordPageProps } from '@portal/shared-contracts';
import { Card } from '@portal/shared-ui';
import styles from '../features/passwords/components/change-password.module.css';
import { ChangePasswordFormView } from '../features/passwords/components/change-password-form';
import { COPY } from '../shared/copy';

/** `/login-details` (employer) and `/super-admin-profile` (super admin): change the own password. */
export default function ChangePasswordPage({ variant = 'employer' }: Partial<ChangePasswordPageProps>) {
  return (
    <div className={styles.page}>
      <Card className={styles.card} title={variant === 'superAdmin' ? COPY.changePassword.superAdminTitle : COPY.changePassword.title} headingLevel={1}>
        <p className={styles.intro}>{COPY.changePassword.subtitle}</p>
        <ChangePasswordFormView />
      </Card>
    </div>
  );
}
