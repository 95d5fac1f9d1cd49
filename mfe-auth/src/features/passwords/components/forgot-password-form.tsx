import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ROUTES, TIMINGS, forgotPasswordFormSchema, usePlatform, type ForgotPasswordForm } from '@portal/shared-contracts';
import { Button, TextField } from '@portal/shared-ui';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useForgotPassword } from '../../../api/forgot-password';
import styles from '../../layout/components/form.module.css';

export function ForgotPasswordFormView() {
  const platform = usePlatform();
  const forgot = useForgotPassword();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordForm>({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync(email);
    } catch {
      platform.toast.error(MESSAGES.forgot.failed);
      return;
    }
    platform.toast.success(MESSAGES.forgot.success);
    redirect.current = setTimeout(() => platform.navigate(ROUTES.login), TIMINGS.redirectMs);
  });

  const sent = forgot.isSuccess;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={MESSAGES.fields.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        readOnly={sent}
        {...register('email')}
      />
      {sent ? (
        <p className={styles.success} role="status">
          {MESSAGES.forgot.success}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={forgot.isPending} loadingText={MESSAGES.forgot.buttonBusy} disabled={sent}>
          {MESSAGES.forgot.button}
        </Button>
      </div>
    </form>
  );
}
