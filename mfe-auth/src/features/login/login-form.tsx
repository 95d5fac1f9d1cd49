import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ROUTES, isApiError, loginFormSchema, serverMessage, usePlatform, type LoginForm } from '@portal/shared-contracts';
import { Checkbox, PasswordField } from '@portal/shared-ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLoginMutation } from '../../api/login';
import { logout } from '../../api/logout';
import { AppLink } from '../../shared/app-link';
import { AuthForm } from '../../shared/auth-form';
import { EmailField } from '../../shared/email-field';
import styles from '../../shared/form.module.css';

export function LoginFormView() {
  const platform = usePlatform();
  const login = useLoginMutation();
  const [signingIn, setSigningIn] = useState(false);
  const [employeeAccount, setEmployeeAccount] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSigningIn(true);
    setEmployeeAccount(false);
    try {
      const answer = await login.mutateAsync(values);
      if (answer.role === 'Employee') {
        // The same login serves the mobile app; the portal has no page for an employee, so the
        // session just opened ends here and the employee is pointed to the app instead.
        await logout(platform.api).catch(() => undefined);
        resetField('password');
        setEmployeeAccount(true);
        return;
      }
      await platform.auth.signIn(answer, { remember: values.rememberMe === true });
    } catch (error) {
      // 403 (a deactivated company) and 429 (too many attempts) carry a reason the user can act on and
      // say nothing about whether an account exists; anything else stays generic.
      const actionable = isApiError(error) && (error.status === 403 || error.status === 429);
      setError('email', { type: 'server', message: actionable ? serverMessage(error, MESSAGES.login.failed) : MESSAGES.login.failed }, { shouldFocus: true });
    } finally {
      setSigningIn(false);
    }
  });

  return (
    <>
      {employeeAccount ? (
        <div className={styles.notice} role="alert">
          <p>{MESSAGES.login.employeeAccount}</p>
          <AppLink to={`${ROUTES.downloadLinks}?from=login`}>{MESSAGES.login.getTheApp}</AppLink>
        </div>
      ) : null}
      <AuthForm onSubmit={onSubmit} submitLabel={MESSAGES.login.button} busy={signingIn} busyLabel={MESSAGES.login.buttonBusy}>
        <EmailField autoComplete="username" error={errors.email?.message} {...register('email')} />
        <PasswordField label={MESSAGES.fields.password} autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className={styles.row}>
          <Controller
            control={control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox label={MESSAGES.login.rememberMe} checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} name={field.name} />
            )}
          />
          <AppLink to={ROUTES.forgotPassword}>{MESSAGES.login.forgotLink}</AppLink>
        </div>
      </AuthForm>
    </>
  );
}
