import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { addAdminFormSchema } from '@portal/shared-contracts/forms/auth';
import { serverMessages, usePlatform } from '@portal/shared-contracts/platform';
import type { AddAdminForm } from '@portal/shared-contracts';
import { Button, PasswordField, TextField } from '@portal/shared-ui/form';
import { FormErrorList, Select } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useAddUserMutation } from '../../api/add-user';
import { COPY } from '../../shared/copy';
import styles from './admins.module.css';

interface AddAdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  variant: 'employer' | 'superAdmin';
  /** Told the new user's id once the server has added it. */
  onAdded?: (id: string) => void;
}

const ACCOUNT_TYPES = [
  { value: 'SuperAdmin', label: MESSAGES.labels.accountTypes.SuperAdmin },
  { value: 'Employer', label: MESSAGES.labels.accountTypes.Employer },
] as const;

export function AddAdminDialog({ open, onOpenChange, variant, onAdded }: AddAdminDialogProps) {
  const platform = usePlatform();
  const addUser = useAddUserMutation();
  const formId = useId();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<AddAdminForm>({
    resolver: zodResolver(addAdminFormSchema),
    defaultValues: { userName: '', email: '', password: '', role: variant === 'superAdmin' ? 'SuperAdmin' : 'Admin' },
  });
  const [userName, email, password, role] = watch(['userName', 'email', 'password', 'role']);
  const filled = Boolean(userName?.trim() && email?.trim() && password);

  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    let id: string;
    try {
      ({ id } = await addUser.mutateAsync({
        ...values,
        role: variant === 'superAdmin' ? values.role : 'Admin',
        // The spec's client sends the company and the creating user; the server takes both from the session.
        employerId: variant === 'employer' ? (platform.session?.employerId ?? null) : null,
        employerUserId: variant === 'employer' ? (platform.session?.employerUserId ?? platform.session?.userId ?? null) : null,
      }));
    } catch (error) {
      const list = serverMessages(error);
      setError('root.server', { type: 'server', message: (list.length > 0 ? list : [MESSAGES.common.unknownError]).join('\n') });
      return;
    }
    // Only a super admin is an admin; an employer account (or an employer's admin user) is a user.
    platform.toast.success(variant === 'superAdmin' && values.role === 'SuperAdmin' ? MESSAGES.admins.adminAdded : MESSAGES.admins.userAdded);
    close(false);
    onAdded?.(id);
  });

  const byKey = errors as Record<string, { message?: string } | undefined>;
  const messages = [
    byKey.form?.message,
    errors.userName?.message,
    errors.email?.message,
    errors.password?.message,
    ...(errors.root?.server?.message?.split('\n') ?? []),
  ];

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={COPY.admins.addTitle}
      dismissible={!addUser.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={addUser.isPending}>
            {MESSAGES.labels.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={!filled} loading={addUser.isPending}>
            {MESSAGES.labels.save}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <FormErrorList messages={messages} />
        <TextField label={MESSAGES.fields.userName} autoComplete="off" aria-invalid={errors.userName ? true : undefined} {...register('userName')} />
        <TextField label={MESSAGES.fields.email} type="email" autoComplete="off" aria-invalid={errors.email ? true : undefined} {...register('email')} />
        <PasswordField label={MESSAGES.fields.password} autoComplete="new-password" aria-invalid={errors.password ? true : undefined} {...register('password')} />
        {variant === 'superAdmin' ? <Select label={MESSAGES.fields.accountType} options={ACCOUNT_TYPES} {...register('role')} /> : null}
        {variant === 'superAdmin' && role === 'Employer' ? <p className={styles.hint}>{MESSAGES.admins.employerGoesTo}</p> : null}
      </form>
    </Modal>
  );
}
