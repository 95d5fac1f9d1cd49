import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, signupFormSchema, usePlatform, type SignupForm } from '@portal/shared-contracts';
import { Button, Checkbox, FormErrorList, PasswordField, TextField } from '@portal/shared-ui';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useRegister } from '../../../api/register';
import { serverMessages } from '../../../shared/api-error';
import { COPY } from '../../../shared/copy';
import styles from '../../layout/components/form.module.css';
import signupStyles from './signup.module.css';
import { PolicyDialog } from './policy-dialog';
import { POLICIES, type PolicyId } from './policy-texts';

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
  const registerAccount = useRegister();
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
    let answer;
    try {
      answer = await registerAccount.mutateAsync({ email: values.email, password: values.password, userName: values.name });
    } catch (error) {
      const list = serverMessages(error);
      setServerErrors(list.length > 0 ? list : [MESSAGES.signup.failed]);
      return;
    }
    if (!answer.token) {
      setServerErrors([answer.message || MESSAGES.signup.unexpectedResponse]);
      return;
    }
    setSigningIn(true);
    try {
      // A new employer has sign-up state 0: the shell takes it to company setup.
      await platform.auth.signIn(answer, { remember: true });
    } catch (error) {
      const list = serverMessages(error);
      setServerErrors(list.length > 0 ? list : [MESSAGES.signup.failed]);
    } finally {
      setSigningIn(false);
    }
  });

  const messages = [...listErrors(errors), ...serverErrors];
  const describedBy = messages.length > 0 ? errorListId : undefined;
  const invalid = (key: keyof SignupForm) => (errors[key] ? true : undefined);

  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormErrorList messages={messages} id={errorListId} />
        <TextField
          label={MESSAGES.fields.name}
          autoComplete="name"
          aria-invalid={invalid('name')}
          aria-describedby={errors.name ? describedBy : undefined}
          {...register('name')}
        />
        <TextField
          label={MESSAGES.fields.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-invalid={invalid('email')}
          aria-describedby={errors.email ? describedBy : undefined}
          {...register('email')}
        />
        <div className={signupStyles.pair}>
          <PasswordField
            label={MESSAGES.fields.password}
            autoComplete="new-password"
            aria-invalid={invalid('password')}
            aria-describedby={errors.password ? describedBy : undefined}
            {...register('password')}
          />
          <PasswordField
            label={MESSAGES.fields.confirmPassword}
            autoComplete="new-password"
            aria-invalid={invalid('confirmPassword')}
            aria-describedby={errors.confirmPassword ? describedBy : undefined}
            {...register('confirmPassword')}
          />
        </div>
        <div className={signupStyles.agreements}>
          {AGREEMENTS.map((a) => (
            <Controller
              key={a.name}
              control={control}
              name={a.name}
              render={({ field }) => (
                <Checkbox
                  name={field.name}
                  checked={field.value === true}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  label={
                    <>
                      {COPY.signup.agreePrefix}{' '}
                      <button
                        type="button"
                        className={signupStyles.policyLink}
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
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth disabled={!allAgreed} loading={busy} loadingText={COPY.signup.buttonBusy}>
            {COPY.signup.button}
          </Button>
        </div>
      </form>
      <PolicyDialog policy={policy} onClose={() => setPolicy(null)} />
    </>
  );
}
