import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { AppLink } from '../../shared/app-link';
import { AuthLayout } from '../../shared/auth-layout';
import { COPY } from '../../shared/copy';
import { ForgotPasswordFormView } from './forgot-password-form';

/** `/forgot-password`: request a reset link by mail. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout title={MESSAGES.forgot.heading} subtitle={COPY.forgot.subtitle} footer={<AppLink to={ROUTES.login}>{COPY.backToLogin}</AppLink>}>
      <ForgotPasswordFormView />
    </AuthLayout>
  );
}
