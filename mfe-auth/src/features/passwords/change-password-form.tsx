import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { changePasswordFormSchema, type ChangePasswordForm } from '@portal/shared-contracts/forms/auth';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { Button, PasswordField, TextField } from '@portal/shared-ui/form';
import { FormErrorList } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useChangePasswordMutation } from '../../api/change-password';
import styles from './change-password.module.css';

export function ChangePasswordFormView() {
  const platform = usePlatform();
  const sessionEmail = platform.session?.email ?? '';
  const change = useChangePasswordMutation();
  const [succeeded, setSucceeded] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const schema = useMemo(() => changePasswordFormSchema(sessionEmail), [sessionEmail]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(schema),
    defaultValues: { email: sessionEmail, currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      setSucceeded(true);
    } catch (error) {
      platform.toast.error(serverMessage(error, MESSAGES.changePassword.failed));
    }
  });

  // The server has already ended every session of this user, so both variants sign out and go to
  // login (a super admin sent to /super-admin would be bounced there by the guard anyway).
  const acknowledge = async () => {
    setLeaving(true);
    try {
      await platform.auth.signOut();
    } finally {
      platform.navigate(ROUTES.login, { replace: true });
    }
  };

  if (!sessionEmail) {
    return <FormErrorList messages={[MESSAGES.changePassword.emailMissing]} />;
  }

  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={MESSAGES.fields.email}
          type="email"
          readOnly
          autoComplete="username"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={MESSAGES.fields.currentPassword}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label={MESSAGES.fields.newPassword}
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label={MESSAGES.fields.confirmNewPassword}
          autoComplete="new-password"
          error={errors.confirmNewPassword?.message}
          {...register('confirmNewPassword')}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={change.isPending} loadingText={MESSAGES.changePassword.buttonBusy} disabled={succeeded}>
            {MESSAGES.changePassword.button}
          </Button>
        </div>
      </form>
      <Modal
        open={succeeded}
        onOpenChange={() => undefined}
        dismissible={false}
        hideCloseButton
        size="sm"
        title={MESSAGES.changePassword.successTitle}
        description={MESSAGES.changePassword.success}
        footer={
          <Button onClick={acknowledge} loading={leaving}>
            {MESSAGES.labels.ok}
          </Button>
        }
      />
    </>
  );
}
