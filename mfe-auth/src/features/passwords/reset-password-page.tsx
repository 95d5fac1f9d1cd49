import { AppLink } from '@portal/shared-ui/form';
import { ROUTES } from '@portal/shared-contracts/routes';
import { AuthLayout } from '../../shared/auth-layout';
import { COPY } from '../../shared/copy';
import { ResetPasswordFormView } from './reset-password-form';

/** `/reset-password?email=...&token=...`: reached from the mailed link. */
export function ResetPasswordPage() {
  return (
    <AuthLayout
      title={COPY.reset.title}
      subtitle={COPY.reset.subtitle}
      footer={
        <>
          <AppLink to={ROUTES.login}>{COPY.backToLogin}</AppLink>
          {' · '}
          <AppLink to={ROUTES.forgotPassword}>{COPY.reset.requestNew}</AppLink>
        </>
      }
    >
      <ResetPasswordFormView />
    </AuthLayout>
  );
}
