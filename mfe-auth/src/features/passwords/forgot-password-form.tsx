import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@portal/shared-contracts/messages/auth';
import { ROUTES } from '@portal/shared-contracts/routes';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from '@portal/shared-contracts/forms/auth';
import { usePlatform } from '@portal/shared-contracts/platform';
import { useForm } from 'react-hook-form';
import { useForgotPasswordMutation } from '../../api/forgot-password';
import { AuthForm } from '../../shared/auth-form';
import { EmailField } from '../../shared/email-field';
import styles from '../../shared/form.module.css';
import { useRedirectToLogin } from './use-redirect-to-login';

export function ForgotPasswordFormView() {
  const platform = usePlatform();
  const forgot = useForgotPasswordMutation();
  const redirectToLogin = useRedirectToLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordForm>({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      // The mailed link leads back to the reset screen of this portal.
      await forgot.mutateAsync({ email, callbackUrl: `${platform.origin}/#${ROUTES.resetPassword}` });
    } catch {
      platform.toast.error(AUTH_MESSAGES.forgot.failed);
      return;
    }
    platform.toast.success(AUTH_MESSAGES.forgot.success);
    redirectToLogin();
  });

  const sent = forgot.isSuccess;
  return (
    <AuthForm onSubmit={onSubmit} submitLabel={AUTH_MESSAGES.forgot.button} busy={forgot.isPending} busyLabel={AUTH_MESSAGES.forgot.buttonBusy} disabled={sent}>
      <EmailField autoComplete="email" error={errors.email?.message} readOnly={sent} {...register('email')} />
      {sent ? (
        <p className={styles.success} role="status">
          {AUTH_MESSAGES.forgot.success}
        </p>
      ) : null}
    </AuthForm>
  );
}
