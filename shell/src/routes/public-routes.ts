import { ROUTES } from '@portal/shared-contracts/routes';
import { PAGE_TITLES as T } from '@portal/shared-contracts/page-titles';
import type { RemoteRoute } from './remote-route';

/**
 * The public rows of the route table (`ROUTE_TABLE` begins with them): the pages the shell draws
 * itself before the router is fetched (docs/decisions/0021). Kept apart so that a visitor's path to
 * the login page loads these rows and not the signed-in ones.
 */
export const PUBLIC_ROUTE_TABLE: readonly RemoteRoute[] = [
  { path: ROUTES.login, title: T.login, area: 'public', remote: 'mfe-auth', module: 'LoginPage' },
  { path: ROUTES.signup, title: T.signup, area: 'public', remote: 'mfe-auth', module: 'SignupPage' },
  { path: ROUTES.forgotPassword, title: T.forgotPassword, area: 'public', remote: 'mfe-auth', module: 'ForgotPasswordPage' },
  { path: ROUTES.resetPassword, title: T.resetPassword, area: 'public', remote: 'mfe-auth', module: 'ResetPasswordPage' },
  { path: ROUTES.unsubscribe, title: T.unsubscribe, area: 'public', remote: 'mfe-auth', module: 'UnsubscribePage' },
  { path: ROUTES.setupAccount, title: T.setupAccount, area: 'public', remote: 'mfe-employees', module: 'SetupAccountPage' },
  { path: ROUTES.downloadLinks, title: T.downloadLinks, area: 'public', remote: 'mfe-employees', module: 'DownloadLinksPage' },
];

/** Routes anyone may open (document 2 route table); everything else needs a session. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_ROUTE_TABLE.some((r) => r.path === pathname);
}
