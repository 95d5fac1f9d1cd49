// Lint guards the architecture more than the formatting: imports flow one way
// (shared-contracts <- shared-ui <- remotes and shell), a remote never imports the shell or another
// remote, the shell never imports a remote, the api never imports front-end code, and nothing but
// build configs imports deploy (DESIGN.md section 1).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const REMOTES = ['mfe-auth', 'mfe-onboarding', 'mfe-employees', 'mfe-drivers', 'mfe-insights', 'mfe-billing'];
const FRONT_END = ['shell', 'shared-ui', ...REMOTES];

/** Forbid both the package name and a relative path into another top-level folder. */
function forbid(fromDir, targets, why) {
  return {
    files: [`${fromDir}/**/*.{ts,tsx,js,mjs,jsx}`],
    ignores: [`${fromDir}/rspack.config.mjs`, `${fromDir}/exposes.config.mjs`],
    plugins: { 'import-x': importX },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: targets.map((t) => ({
            group: [`@portal/${t}`, `@portal/${t}/*`, `**/${t}/src/**`, `**/${t}/src`],
            message: `${fromDir} must not import ${t}: ${why}`,
          })),
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: targets.map((t) => ({ target: `./${fromDir}`, from: `./${t}`, message: `${fromDir} must not import ${t}: ${why}` })),
        },
      ],
    },
  };
}

const others = (self) => REMOTES.filter((r) => r !== self);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/.release-store/**', 'e2e/artifacts/**', '**/test-results/**', '**/playwright-report/**', 'api/drizzle/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, __BUILD_VERSION__: 'readonly', __CONTRACTS_VERSION__: 'readonly', __MF_NAME__: 'readonly' },
    },
    settings: { 'import-x/resolver': { node: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  // Each remote: never the shell, never another remote, never the api or deploy.
  ...REMOTES.map((r) => forbid(r, ['shell', ...others(r), 'api', 'deploy'], 'remotes meet the shell and each other only at run time, through shared-contracts')),
  forbid('shell', [...REMOTES, 'api', 'deploy'], 'the shell loads remotes at run time and reaches the api over HTTP'),
  forbid('shared-ui', ['shell', ...REMOTES, 'api', 'deploy'], 'shared-ui sits below the shell and the remotes'),
  forbid('shared-contracts', ['shared-ui', 'shell', ...REMOTES, 'api', 'deploy'], 'shared-contracts is the bottom layer'),
  forbid('api', [...FRONT_END, 'deploy'], 'the api never imports front-end code'),
  forbid('e2e', ['shell', ...REMOTES, 'shared-ui'], 'journeys drive the built portal through the browser'),
);
