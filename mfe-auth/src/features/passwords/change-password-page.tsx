import type { ChangePasswordPageProps } from '@portal/shared-contracts';
import { Card } from '@portal/shared-ui/data-display';
import { COPY } from '../../shared/copy';
import { ChangePasswordFormView } from './change-password-form';
import styles from './change-password.module.css';

/** `/login-details` (employer) and `/super-admin-profile` (super admin): change the own password. */
export function ChangePasswordPage({ variant = 'employer' }: Partial<ChangePasswordPageProps>) {
  return (
    <div className={styles.page}>
      <Card className={styles.card} title={variant === 'superAdmin' ? COPY.changePassword.superAdminTitle : COPY.changePassword.title} headingLevel={1}>
        <p className={styles.intro}>{COPY.changePassword.subtitle}</p>
        <ChangePasswordFormView />
      </Card>
    </div>
  );
}
