import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { ROUTES } from '@portal/shared-contracts/routes';
import type { LoginForm } from '@portal/shared-contracts/forms/login';
import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { AppLink, Checkbox, PasswordField } from '@portal/shared-ui/form';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { login } from '../../api/login';
import { logout } from '../../api/logout';
import { AuthForm } from '../../shared/auth-form';
import { EmailField } from '../../shared/email-field';
import styles from '../../shared/form.module.css';
import { loadLoginFormSchema, type LoginFormSchema } from './login-schema';
import type * as SsoStepModule from './sso-step';
import type { SsoLookup } from './sso-step';

/** The single sign-on step: fetched when an address is typed or the provider sent the browser back. */
type SsoStep = typeof SsoStepModule;
const loadSsoStep = () => import('./sso-step');

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * The contract's rule, as react-hook-form's zod resolver applies it on the other forms: the first
 * message of each field. The login page checks the schema itself, without react-hook-form, which every
 * visitor would otherwise load before the page works (its weight: docs/decisions/0038).
 */
function check(schema: LoginFormSchema, values: LoginForm): { data?: LoginForm; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

export function LoginFormView() {
  const platform = usePlatform();
  const [signingIn, setSigningIn] = useState(false);
  const [employeeAccount, setEmployeeAccount] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Like the other forms: checked on submit, then again on every change until it is sent. The
  // schema is kept from the first submit (which waited for it) and means "submitted".
  const [submitted, setSubmitted] = useState<LoginFormSchema | null>(null);
  // Single sign-on: the step's module, what the address's domain answered, and a return from the provider.
  const [step, setStep] = useState<SsoStep | null>(null);
  const [sso, setSso] = useState<SsoLookup | null>(null);
  const [back] = useState(() => ({ code: platform.location.query.get('sso'), status: platform.location.query.get('sso_status') }));
  useEffect(() => {
    if (back.code || back.status) void loadSsoStep().then(setStep);
  }, [back]);
  const ssoOnly = sso?.sso === true && !sso.passwordsAllowed;
  // `again`: ask even for the address already asked about (a password login was refused for it).
  const lookup = (again = false) => {
    const email = emailInput.current?.value.trim() ?? '';
    if ((!again && email === sso?.email) || !email.includes('@')) return;
    void loadSsoStep()
      .then(async (m) => {
        setStep(m);
        setSso(await m.lookupSso(platform.api, email));
      })
      .catch(() => setSso(null));
  };
  const values = (): LoginForm => ({ email: emailInput.current?.value ?? '', password: passwordInput.current?.value ?? '', rememberMe });
  const recheck = () => {
    if (submitted) setErrors(check(submitted, values()).errors);
  };
  // The schema is fetched as soon as someone starts on the form, not with the page.
  const warm = () => void loadLoginFormSchema().catch(() => undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signingIn) return;
    if (ssoOnly && step && sso) {
      void step.startSso(platform.api, sso.email).catch(() => setErrors({ email: LOGIN_MESSAGES.login.failed }));
      return;
    }
    // A submit before the schema has arrived waits for it, the button reading "Logging in..." (and
    // refusing a second submit) meanwhile, then goes on as any other: no second click.
    setSigningIn(true);
    try {
      const schema = submitted ?? (await loadLoginFormSchema());
      setSubmitted(schema);
      const { data, errors: found } = check(schema, values());
      setErrors(found);
      if (!data) {
        (found.email ? emailInput : passwordInput).current?.focus();
        return;
      }
      setEmployeeAccount(false);
      const answer = await login(platform.api, data);
      if (answer.role === 'Employee') {
        // The same login serves the mobile app; the portal has no page for an employee, so the
        // session just opened ends here and the employee is pointed to the app instead.
        await logout(platform.api).catch(() => undefined);
        if (passwordInput.current) passwordInput.current.value = '';
        setEmployeeAccount(true);
        return;
      }
      await platform.auth.signIn(answer, { remember: data.rememberMe === true });
    } catch (error) {
      // 403 (a deactivated company) and 429 (too many attempts) carry a reason the user can act on and
      // say nothing about whether an account exists; anything else (the schema not fetched included)
      // stays generic.
      const actionable = isApiError(error) && (error.status === 403 || error.status === 429);
      setErrors({ email: actionable ? serverMessage(error, LOGIN_MESSAGES.login.failed) : LOGIN_MESSAGES.login.failed });
      emailInput.current?.focus();
      // A 403 may be a company that signs in with its provider only: its step is offered now if the
      // earlier lookup missed it (typed and sent at once, or the lookup was refused).
      if (isApiError(error) && error.status === 403) lookup(true);
    } finally {
      setSigningIn(false);
    }
  };

  return (
    <>
      {step && (back.code || back.status) ? <step.SsoReturn code={back.code} status={back.status} /> : null}
      {employeeAccount ? (
        <div className={styles.notice} role="alert">
          <p>{LOGIN_MESSAGES.login.employeeAccount}</p>
          <AppLink to={`${ROUTES.downloadLinks}?from=login`}>{LOGIN_MESSAGES.login.getTheApp}</AppLink>
        </div>
      ) : null}
      <AuthForm
        onSubmit={(event) => void onSubmit(event)}
        submitLabel={LOGIN_MESSAGES.login.button}
        busy={signingIn}
        busyLabel={LOGIN_MESSAGES.login.buttonBusy}
        hideSubmit={ssoOnly}
      >
        <EmailField ref={emailInput} name="email" autoComplete="username" error={errors.email} onFocus={warm} onChange={recheck} onBlur={() => lookup()} />
        {step && sso?.sso ? <step.SsoContinue email={sso.email} passwordsAllowed={sso.passwordsAllowed} /> : null}
        {ssoOnly ? null : (
          <>
            <PasswordField ref={passwordInput} name="password" label={LOGIN_MESSAGES.fields.password} autoComplete="current-password" error={errors.password} onFocus={warm} onChange={recheck} />
            <div className={styles.row}>
              <Checkbox label={LOGIN_MESSAGES.login.rememberMe} checked={rememberMe} onCheckedChange={setRememberMe} name="rememberMe" />
              <AppLink to={ROUTES.forgotPassword}>{LOGIN_MESSAGES.login.forgotLink}</AppLink>
            </div>
          </>
        )}
      </AuthForm>
    </>
  );
}
