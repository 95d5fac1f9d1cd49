import { AppLink } from '@portal/shared-ui/form';
import { AUTH_MESSAGES } from '@portal/shared-contracts/messages/auth';
import { ROUTES } from '@portal/shared-contracts/routes';
import { AuthLayout } from '../../shared/auth-layout';
import { COPY } from '../../shared/copy';
import { ForgotPasswordFormView } from './forgot-password-form';

/** `/forgot-password`: request a reset link by mail. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout title={AUTH_MESSAGES.forgot.heading} subtitle={COPY.forgot.subtitle} footer={<AppLink to={ROUTES.login}>{COPY.backToLogin}</AppLink>}>
      <ForgotPasswordFormView />
    </AuthLayout>
  );
}
