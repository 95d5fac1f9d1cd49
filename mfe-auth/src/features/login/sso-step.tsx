import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { SSO_MESSAGES } from '@portal/shared-contracts/messages/sso';
import { ROUTES } from '@portal/shared-contracts/routes';
import { isApiError, serverMessage, usePlatform, type ApiClient } from '@portal/shared-contracts/platform';
import { AppLink, Button } from '@portal/shared-ui/form';
import { useEffect, useRef, useState } from 'react';
import { logout } from '../../api/logout';
import styles from '../../shared/form.module.css';

/**
 * The login page's company-account step (single sign-on), a chunk of its own: the login page loads it
 * when an address's domain may have single sign-on or the provider has sent the browser back, never
 * with the page (its JavaScript budget, docs/decisions/0035-single-sign-on.md).
 */

const M = SSO_MESSAGES.sso;
const endpoints = () => import('@portal/shared-contracts/endpoints/sso').then((m) => m.sso);

export interface SsoLookup {
  email: string;
  sso: boolean;
  passwordsAllowed: boolean;
}

/** Whether the address's domain signs in with its company's provider (unknown and unverified domains answer no). */
export async function lookupSso(api: ApiClient, email: string): Promise<SsoLookup> {
  const answer = await api.call((await endpoints()).discover, { query: { email } });
  return { email, sso: answer.sso, passwordsAllowed: answer.passwordsAllowed };
}

/** Starts the sign-in at the provider: the api answers its authorization URL, the browser goes there. */
export async function startSso(api: ApiClient, email: string): Promise<void> {
  const answer = await api.call((await endpoints()).start, { query: { email, client: 'web' } });
  window.location.assign(answer.authorizationUrl);
}

/** "Continue with your company account", above the password (which stays only when the company allows it). */
export function SsoContinue({ email, passwordsAllowed }: { email: string; passwordsAllowed: boolean }) {
  const platform = usePlatform();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      await startSso(platform.api, email);
    } catch (e) {
      setError(isApiError(e) && e.status !== 500 ? serverMessage(e, M.failed) : M.failed);
      setBusy(false);
    }
  };
  return (
    <div className={styles.actions}>
      <Button type="button" size="lg" fullWidth className={styles.wrap} loading={busy} loadingText={M.continueBusy} onClick={() => void go()}>
        {M.continue}
      </Button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {passwordsAllowed ? <p className={styles.divider}>{M.orPassword}</p> : null}
    </div>
  );
}

const OUTCOMES: Record<string, string> = {
  pending: M.pending,
  employee: M.employeeApproved,
  'not-allowed': M.notAllowed,
  disabled: M.accountDisabled,
  expired: M.expired,
  failed: M.failed,
};

/**
 * Back from the provider (`/#/?sso=<code>` or `/#/?sso_status=<reason>`): trades the one-time code for
 * the session and signs in as a password login does, or says why not. The code leaves the address at
 * once, so a reload does not try it again.
 */
export function SsoReturn({ code, status }: { code: string | null; status: string | null }) {
  const platform = usePlatform();
  const [message, setMessage] = useState<string | null>(code ? null : (OUTCOMES[status ?? ''] ?? M.failed));
  const [employee, setEmployee] = useState(status === 'employee');
  const started = useRef(false);
  useEffect(() => {
    platform.navigate(ROUTES.login, { replace: true });
    if (!code || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const answer = await platform.api.call((await endpoints()).exchange, { body: { code } });
        if (answer.role === 'Employee') {
          await logout(platform.api).catch(() => undefined);
          setEmployee(true);
          setMessage(M.employeeApproved);
          return;
        }
        await platform.auth.signIn(answer, { remember: false });
      } catch (e) {
        setMessage(isApiError(e) && (e.status === 400 || e.status === 403) ? serverMessage(e, M.failed) : M.failed);
      }
    })();
    // Once, for the code the page was opened with.
  }, []);
  if (!message) {
    return (
      <p className={styles.notice} role="status">
        {M.completing}
      </p>
    );
  }
  return (
    <div className={styles.notice} role="alert">
      <p>{message}</p>
      {employee ? <AppLink to={`${ROUTES.downloadLinks}?from=login`}>{LOGIN_MESSAGES.login.getTheApp}</AppLink> : null}
    </div>
  );
}
