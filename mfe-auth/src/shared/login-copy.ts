/**
 * The login page's product copy (COPY.login): a module of its own, so that the login page's chunk,
 * which every visitor loads first, carries these lines and not the other screens' copy.
 */
export const LOGIN_COPY = {
  title: 'Welcome back',
  subtitle: 'Sign in to manage your organisation’s lift-sharing scheme.',
  noAccount: 'New to the scheme?',
} as const;
