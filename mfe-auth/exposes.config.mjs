// What this remote exposes: exactly the names listed for mfe-auth in shared-contracts `REMOTES`.
export const REMOTE_EXPOSES = {
  './LoginPage': './src/exposes/login-page.tsx',
  './SignupPage': './src/exposes/signup-page.tsx',
  './ForgotPasswordPage': './src/exposes/forgot-password-page.tsx',
  './ResetPasswordPage': './src/exposes/reset-password-page.tsx',
  './ChangePasswordPage': './src/exposes/change-password-page.tsx',
  './AdminUsersPage': './src/exposes/admin-users-page.tsx',
};
