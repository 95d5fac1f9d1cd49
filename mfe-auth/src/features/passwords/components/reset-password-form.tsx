import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ROUTES, TIMINGS, resetPasswordFormSchema, usePlatform, type ResetPasswordForm } from '@portal/shared-contracts';
import { Button, FormErrorList, PasswordField } from '@portal/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useResetPassword } from '../../../api/reset-password';
import { serverMessage, statusOf } from '../../../shared/api-error';
import { isMobileDevice } from '../../../shared/is-mobile';
import styles from '../../layout/components/form.module.css';

/**
 * The mailed link's query, URL-decoded. Read from the raw search so that a `+` in a token or address
 * that was not percent-encoded survives (URLSearchParams would turn it into a space).
 */
export function readResetParams(query: URLSearchParams, search: string): { email: string; token: string } {
  const raw = new URLSearchParams(search.replace(/^\?/, '').replace(/\+/g, '%2B'));
  const email = (raw.get('email') ?? query.get('email') ?? '').trim();
  const token = raw.get('token') ?? query.get('token') ?? '';
  return { email, token };
}

export function ResetPasswordFormView() {
  const platform = usePlatform();
  const reset = useResetPassword();
  const { email, token } = readResetParams(platform.location.query, platform.location.search);
  const missing = !email || !token;
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
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
      const message = statusOf(error) === 400 ? (serverMessage(error) ?? MESSAGES.reset.failed) : MESSAGES.reset.failed;
      setFailure(message);
      platform.toast.error(message);
      return;
    }
    setDone(true);
    if (isMobileDevice()) {
      // Opened from the app's mail on a phone: there is no portal session to go to, so say where to go instead.
      window.alert(MESSAGES.reset.mobileSuccess);
      return;
    }
    platform.toast.success(MESSAGES.reset.success);
    redirect.current = setTimeout(() => platform.navigate(ROUTES.login), TIMINGS.redirectMs);
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {missing ? (
        <FormErrorList messages={[MESSAGES.reset.emailTokenRequired]} />
      ) : (
        <FormErrorList messages={[failure]} />
      )}
      {done ? (
        <p className={styles.success} role="status">
          {MESSAGES.reset.success}
        </p>
      ) : null}
      <PasswordField
        label={MESSAGES.fields.newPassword}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        disabled={missing || done}
        {...register('newPassword')}
      />
      <PasswordField
        label={MESSAGES.fields.confirmPassword}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        disabled={missing || done}
        {...register('confirmPassword')}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={reset.isPending} loadingText={MESSAGES.reset.buttonBusy} disabled={missing || done}>
          {MESSAGES.reset.button}
        </Button>
      </div>
    </form>
  );
}
