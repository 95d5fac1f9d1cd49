import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@portal/shared-contracts/messages/auth';
import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { serverMessages, usePlatform } from '@portal/shared-contracts/platform';
import { signupFormSchema, type SignupForm } from '@portal/shared-contracts/forms/auth';
import { Checkbox, PasswordField, TextField } from '@portal/shared-ui/form';
import { FormErrorList } from '@portal/shared-ui/form-extras';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useRegisterMutation } from '../../api/register';
import { AuthForm } from '../../shared/auth-form';
import { EmailField } from '../../shared/email-field';
import { COPY } from '../../shared/copy';
import { PolicyDialog } from './policy-dialog';
import { POLICIES, type PolicyId } from './policy-texts';
import styles from './signup.module.css';

const AGREEMENTS = [
  { name: 'agreeTerms', policy: 'terms' },
  { name: 'agreePrivacy', policy: 'privacy' },
  { name: 'agreeSafety', policy: 'safety' },
] as const satisfies readonly { name: keyof SignupForm; policy: PolicyId }[];

const FIELD_ORDER = ['name', 'email', 'password', 'confirmPassword', 'agreements'] as const;

/** Validation messages in the order of the form (the spec shows them as one list). */
function listErrors(errors: FieldErrors<SignupForm>): string[] {
  const byKey = errors as Record<string, { message?: string } | undefined>;
  return FIELD_ORDER.map((k) => byKey[k]?.message).filter((m): m is string => Boolean(m));
}

export function SignupFormView() {
  const platform = usePlatform();
  const registerAccount = useRegisterMutation();
  const errorListId = useId();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [policy, setPolicy] = useState<PolicyId | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', agreeTerms: false, agreePrivacy: false, agreeSafety: false },
  });

  const [agreeTerms, agreePrivacy, agreeSafety] = watch(['agreeTerms', 'agreePrivacy', 'agreeSafety']);
  const allAgreed = agreeTerms && agreePrivacy && agreeSafety;
  const busy = registerAccount.isPending || signingIn;

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors([]);
    try {
      const answer = await registerAccount.mutateAsync({ email: values.email, password: values.password, userName: values.name, role: 'Employer' });
      if (!answer.token) {
        setServerErrors([answer.message || AUTH_MESSAGES.signup.unexpectedResponse]);
        return;
      }
      setSigningIn(true);
      // A new employer has sign-up state 0: the shell takes it to company setup.
      await platform.auth.signIn(answer, { remember: true });
    } catch (error) {
      const list = serverMessages(error);
      setServerErrors(list.length > 0 ? list : [AUTH_MESSAGES.signup.failed]);
    } finally {
      setSigningIn(false);
    }
  });

  /** A text field's registration, tied to the error list while the field is invalid. */
  const field = (key: 'name' | 'email' | 'password' | 'confirmPassword') => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? errorListId : undefined,
    ...register(key),
  });

  return (
    <>
      <AuthForm onSubmit={onSubmit} submitLabel={COPY.signup.button} busy={busy} busyLabel={COPY.signup.buttonBusy} disabled={!allAgreed}>
        <FormErrorList messages={[...listErrors(errors), ...serverErrors]} id={errorListId} />
        <TextField label={LOGIN_MESSAGES.fields.name} autoComplete="name" {...field('name')} />
        <EmailField autoComplete="email" {...field('email')} />
        <div className={styles.pair}>
          <PasswordField label={LOGIN_MESSAGES.fields.password} autoComplete="new-password" {...field('password')} />
          <PasswordField label={LOGIN_MESSAGES.fields.confirmPassword} autoComplete="new-password" {...field('confirmPassword')} />
        </div>
        <div className={styles.agreements}>
          {AGREEMENTS.map((a) => (
            <Controller
              key={a.name}
              control={control}
              name={a.name}
              render={({ field: agreement }) => (
                <Checkbox
                  name={agreement.name}
                  checked={agreement.value === true}
                  onCheckedChange={agreement.onChange}
                  onBlur={agreement.onBlur}
                  label={
                    <>
                      {COPY.signup.agreePrefix}{' '}
                      <button
                        type="button"
                        className={styles.policyLink}
                        aria-haspopup="dialog"
                        onClick={(e) => {
                          // The link sits in the checkbox label: open the policy without ticking the box.
                          e.preventDefault();
                          setPolicy(a.policy);
                        }}
                      >
                        {POLICIES[a.policy].title}
                      </button>
                    </>
                  }
                />
              )}
            />
          ))}
        </div>
      </AuthForm>
      <PolicyDialog policy={policy} onClose={() => setPolicy(null)} />
    </>
  );
}
