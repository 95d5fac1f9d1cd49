import { ROUTES } from '@portal/shared-contracts';

/** Routes anyone may open (document 2 route table); everything else needs a session. */
export const PUBLIC_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.signup,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
  ROUTES.setupAccount,
  ROUTES.downloadLinks,
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}
