export const REMOTE_EXPOSES = {
  './LoginPage': './src/exposes/login-page.tsx',
};
