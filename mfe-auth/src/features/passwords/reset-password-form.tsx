import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@portal/shared-contracts/messages/auth';
import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@portal/shared-contracts/forms/auth';
import { PasswordField } from '@portal/shared-ui/form';
import { FormErrorList } from '@portal/shared-ui/form-extras';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useResetPasswordMutation } from '../../api/reset-password';
import { AuthForm } from '../../shared/auth-form';
import styles from '../../shared/form.module.css';
import { isMobileDevice } from './is-mobile';
import { useRedirectToLogin } from './use-redirect-to-login';

/**
 * The mailed link's query, URL-decoded. Read from the raw search so that a `+` in a token or address
 * that was not percent-encoded survives (URLSearchParams would turn it into a space).
 */
function readResetParams(query: URLSearchParams, search: string): { email: string; token: string } {
  const raw = new URLSearchParams(search.replace(/^\?/, '').replace(/\+/g, '%2B'));
  const email = (raw.get('email') ?? query.get('email') ?? '').trim();
  const token = raw.get('token') ?? query.get('token') ?? '';
  return { email, token };
}

export function ResetPasswordFormView() {
  const platform = usePlatform();
  const reset = useResetPasswordMutation();
  const redirectToLogin = useRedirectToLogin();
  const { email, token } = readResetParams(platform.location.query, platform.location.search);
  const missing = !email || !token;
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    if (missing) return;
    setFailure(null);
    try {
      await reset.mutateAsync({ email, token, newPassword });
    } catch (error) {
      // A 400 carries the server's reason (an invalid or expired link); anything else stays generic.
      const message = isApiError(error) && error.status === 400 ? serverMessage(error, AUTH_MESSAGES.reset.failed) : AUTH_MESSAGES.reset.failed;
      setFailure(message);
      platform.toast.error(message);
      return;
    }
    setDone(true);
    if (isMobileDevice()) {
      // Opened from the app's mail on a phone: there is no portal session to go to, so say where to go instead.
      window.alert(AUTH_MESSAGES.reset.mobileSuccess);
      return;
    }
    platform.toast.success(AUTH_MESSAGES.reset.success);
    redirectToLogin();
  });

  return (
    <AuthForm
      onSubmit={onSubmit}
      submitLabel={AUTH_MESSAGES.reset.button}
      busy={reset.isPending}
      busyLabel={AUTH_MESSAGES.reset.buttonBusy}
      disabled={missing || done}
    >
      {missing ? (
        <FormErrorList messages={[AUTH_MESSAGES.reset.emailTokenRequired]} />
      ) : (
        <FormErrorList messages={[failure]} />
      )}
      {done ? (
        <p className={styles.success} role="status">
          {AUTH_MESSAGES.reset.success}
        </p>
      ) : null}
      <PasswordField
        label={LOGIN_MESSAGES.fields.newPassword}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        disabled={missing || done}
        {...register('newPassword')}
      />
      <PasswordField
        label={LOGIN_MESSAGES.fields.confirmPassword}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        disabled={missing || done}
        {...register('confirmPassword')}
      />
    </AuthForm>
  );
}
