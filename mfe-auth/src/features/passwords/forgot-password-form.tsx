import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ROUTES, forgotPasswordFormSchema, usePlatform, type ForgotPasswordForm } from '@portal/shared-contracts';
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
      platform.toast.error(MESSAGES.forgot.failed);
      return;
    }
    platform.toast.success(MESSAGES.forgot.success);
    redirectToLogin();
  });

  const sent = forgot.isSuccess;
  return (
    <AuthForm onSubmit={onSubmit} submitLabel={MESSAGES.forgot.button} busy={forgot.isPending} busyLabel={MESSAGES.forgot.buttonBusy} disabled={sent}>
      <EmailField autoComplete="email" error={errors.email?.message} readOnly={sent} {...register('email')} />
      {sent ? (
        <p className={styles.success} role="status">
          {MESSAGES.forgot.success}
        </p>
      ) : null}
    </AuthForm>
  );
}
