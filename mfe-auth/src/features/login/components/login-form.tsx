import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ROUTES, loginFormSchema, usePlatform, type LoginForm } from '@portal/shared-contracts';
import { Button, Checkbox, PasswordField, TextField } from '@portal/shared-ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLogin } from '../../../api/login';
import { statusOf, serverMessage } from '../../../shared/api-error';
import { AppLink } from '../../../shared/app-link';
import styles from '../../layout/components/form.module.css';

export function LoginFormView() {
  const platform = usePlatform();
  const login = useLogin();
  const [signingIn, setSigningIn] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSigningIn(true);
    try {
      const answer = await login.mutateAsync(values);
      await platform.auth.signIn(answer, { remember: values.rememberMe === true });
    } catch (error) {
      // 403 (a deactivated company) and 429 (too many attempts) carry a reason the user can act on and
      // say nothing about whether an account exists; anything else stays generic.
      const status = statusOf(error);
      const message = status === 403 || status === 429 ? (serverMessage(error) ?? MESSAGES.login.failed) : MESSAGES.login.failed;
      setError('email', { type: 'server', message }, { shouldFocus: true });
    } finally {
      setSigningIn(false);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={MESSAGES.fields.email}
        type="email"
        autoComplete="username"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField label={MESSAGES.fields.password} autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <div className={styles.row}>
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <Checkbox label={MESSAGES.login.rememberMe} checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} name={field.name} />
          )}
        />
        <AppLink to={ROUTES.forgotPassword} className={styles.link}>
          {MESSAGES.login.forgotLink}
        </AppLink>
      </div>
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={signingIn} loadingText={MESSAGES.login.buttonBusy}>
          {MESSAGES.login.button}
        </Button>
      </div>
    </form>
  );
}
