import { BrandMark, VisuallyHidden } from '@portal/shared-ui/form';
import { Card } from '@portal/shared-ui/data-display';
import { AUTH_MESSAGES } from '@portal/shared-contracts/messages/auth';
import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { usePlatform } from '@portal/shared-contracts/platform';
import styles from './setup-account.module.css';

const APP_STORE_URL = 'https://www.apple.com/app-store/';
const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps';

/**
 * After self-registration: the mobile app is where employees share lifts. An employee who signed in
 * to the portal is sent here too (`?from=login`), without the sign-up's success.
 */
export function DownloadLinksPage() {
  const fromLogin = usePlatform().location.query.get('from') === 'login';
  return (
    <main className={styles.screen}>
      <Card className={styles.card}>
        <div className={styles.brand}>
          <BrandMark size={44} />
        </div>
        {fromLogin ? (
          <>
            <h1 className={styles.welcome}>{LOGIN_MESSAGES.login.getTheApp}</h1>
            <p className={styles.approval}>{LOGIN_MESSAGES.login.appText}</p>
          </>
        ) : (
          <>
            <div className={styles.successIcon} aria-hidden="true">
              <svg width="56" height="56" viewBox="0 0 56 56">
                <circle cx="28" cy="28" r="26" fill="var(--color-success-100)" />
                <path d="M17 29l7 7 15-16" fill="none" stroke="var(--color-success-700)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </div>
            <h1 className={styles.welcome}>{AUTH_MESSAGES.employeeSignup.success}</h1>
            <p className={styles.approval}>{AUTH_MESSAGES.employeeSignup.successText}</p>
          </>
        )}
        <div className={styles.stores}>
          {/* Named by their words (WCAG 2.5.3), which the drawn badges show. */}
          <a href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
            <AppStoreBadge />
            <VisuallyHidden>{AUTH_MESSAGES.employeeSignup.appStore}</VisuallyHidden>
          </a>
          <a href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer">
            <GooglePlayBadge />
            <VisuallyHidden>{AUTH_MESSAGES.employeeSignup.googlePlay}</VisuallyHidden>
          </a>
        </div>
      </Card>
    </main>
  );
}

function AppStoreBadge() {
  return (
    <svg width="150" height="50" viewBox="0 0 150 50" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="149" height="49" rx="9" fill="#000" stroke="#a6a6a6" />
      <path
        d="M30.6 25.9c0-3 2.4-4.4 2.5-4.5-1.4-2-3.5-2.3-4.3-2.3-1.8-.2-3.6 1.1-4.5 1.1-.9 0-2.4-1.1-3.9-1-2 0-3.9 1.2-4.9 3-2.1 3.7-.5 9.1 1.5 12.1 1 1.5 2.2 3.1 3.8 3 1.5-.1 2.1-1 3.9-1 1.8 0 2.3 1 3.9 1 1.6 0 2.7-1.5 3.6-3 1.2-1.7 1.6-3.3 1.7-3.4-.1 0-3.2-1.2-3.3-5zM27.7 17c.8-1 1.4-2.4 1.2-3.8-1.2.1-2.6.8-3.5 1.8-.8.9-1.4 2.3-1.2 3.7 1.3.1 2.7-.7 3.5-1.7z"
        fill="#fff"
      />
      <text x="44" y="21" fill="#fff" fontFamily="var(--font-sans)" fontSize="9">
        {AUTH_MESSAGES.employeeSignup.appStoreBadge[0]}
      </text>
      <text x="44" y="37" fill="#fff" fontFamily="var(--font-sans)" fontSize="17" fontWeight="600">
        {AUTH_MESSAGES.employeeSignup.appStoreBadge[1]}
      </text>
    </svg>
  );
}

function GooglePlayBadge() {
  return (
    <svg width="168" height="50" viewBox="0 0 168 50" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="167" height="49" rx="9" fill="#000" stroke="#a6a6a6" />
      <path d="M14 12.5v25c0 .6.3 1 .7 1.3L28 25 14.7 11.2c-.4.3-.7.7-.7 1.3z" fill="#2196f3" />
      <path d="M32.5 20.5L28 25l4.5 4.5 5.3-3c1.2-.7 1.2-2.3 0-3z" fill="#ffc107" />
      <path d="M14.7 11.2L28 25l4.5-4.5-15.4-8.8c-.9-.5-1.8-.6-2.4-.5z" fill="#4caf50" />
      <path d="M14.7 38.8c.6.1 1.5 0 2.4-.5l15.4-8.8L28 25z" fill="#f44336" />
      <text x="48" y="21" fill="#fff" fontFamily="var(--font-sans)" fontSize="9" letterSpacing="0.5">
        {AUTH_MESSAGES.employeeSignup.googlePlayBadge[0]}
      </text>
      <text x="48" y="37" fill="#fff" fontFamily="var(--font-sans)" fontSize="17" fontWeight="600">
        {AUTH_MESSAGES.employeeSignup.googlePlayBadge[1]}
      </text>
    </svg>
  );
}
