// Lint guards the architecture more than the formatting: imports flow one way
// (shared-contracts <- shared-ui <- remotes and shell), a remote never imports the shell or another
// remote, the shell never imports a remote, the api never imports front-end code, and nothing imports
// deploy (DESIGN.md section 1). build-config is for build configs only, testing for tests only. Inside a
// remote, features do not import each other, and what they share never imports a feature. The api's
// modules do not import each other either. No module imports itself back through a cycle.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import portal from './eslint-rules/index.mjs';

const root = import.meta.dirname;

/** The remotes the design names, plus any mfe-* folder that exists, so a new remote is covered at once. */
const REMOTES = [
  ...new Set([
    'mfe-auth',
    'mfe-onboarding',
    'mfe-employees',
    'mfe-drivers',
    'mfe-insights',
    'mfe-billing',
    ...fs.readdirSync(root).filter((name) => name.startsWith('mfe-')),
  ]),
];
const FRONT_END = ['shell', 'shared-ui', ...REMOTES];
const SOURCES = '**/*.{ts,tsx,js,mjs,jsx}';

// Where tests and build configs live inside a package: only tests may use @portal/testing, only
// build configs may use @portal/build-config, and a remote's dev/ harness (a test page with its own
// build) may use both.
const TEST_FILES = ['**/*.test.{ts,tsx}', 'src/test/**'];
const BUILD_FILES = ['*.config.{ts,mjs,js}'];
const HARNESS_FILES = ['dev/**'];

const within = (dir, globs) => globs.map((g) => `${dir}/${g}`);
const subfolders = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];

/** One package's import boundaries, forbidding both the package name and a path into its folder. */
function restrictions(fromDir, targets, zones = []) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: targets.map(({ name, why }) => ({
          group: [`@portal/${name}`, `@portal/${name}/*`, `**/${name}/src/**`, `**/${name}/src`],
          message: `${fromDir} must not import ${name}: ${why}`,
        })),
      },
    ],
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          ...targets.map(({ name, why }) => ({ target: `./${fromDir}`, from: `./${name}`, message: `${fromDir} must not import ${name}: ${why}` })),
          ...zones,
        ],
      },
    ],
  };
}

const TESTS_ONLY = { name: 'testing', why: 'the fake platform and test setup are for tests (*.test.*, src/test/, dev/)' };
const BUILD_ONLY = { name: 'build-config', why: 'the shared build config is for build configs (*.config.*, dev/)' };
const DEPLOY = { name: 'deploy', why: 'nothing imports deploy (the shared Rspack config is @portal/build-config)' };

/**
 * A package's boundaries as flat-config blocks; a forbidden package is a name (with the package's
 * reason) or a { name, why }. When several blocks match one file ESLint keeps the
 * last one's rule options (it does not merge them), so each block carries the full list and the
 * narrower file sets come after the package-wide one.
 */
function boundaries(dir, forbidden, why, { zones = [], testsUseTesting = false, buildsUseBuildConfig = false } = {}) {
  const targets = forbidden.map((target) => (typeof target === 'string' ? { name: target, why } : target));
  const testing = dir === TESTS_ONLY.name ? [] : [TESTS_ONLY];
  const buildConfig = dir === BUILD_ONLY.name ? [] : [BUILD_ONLY];
  const block = (globs, extra) => ({ files: within(dir, globs), rules: restrictions(dir, [...targets, ...extra], zones) });
  return [
    block([SOURCES], [...testing, ...buildConfig]),
    ...(buildsUseBuildConfig ? [block(BUILD_FILES, testing)] : []),
    ...(testsUseTesting ? [block(TEST_FILES, buildConfig)] : []),
    ...(testsUseTesting && buildsUseBuildConfig ? [block(HARNESS_FILES, [])] : []),
  ];
}

/**
 * Inside a remote: a feature folder never imports another feature folder (what two features share
 * lives in src/shared/ or in shared-ui), and src/shared/ and src/api/ never import a feature or an
 * exposed module. Generated from the folders on disk, so new features and remotes are covered.
 */
function featureZones(remote) {
  const src = `./${remote}/src`;
  const features = subfolders(path.join(root, remote, 'src', 'features'));
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: `${remote} feature "${feature}" must not import another feature: move what they share to src/shared/ or shared-ui`,
    })),
    ...['shared', 'api'].flatMap((layer) =>
      ['features', 'exposes'].map((upper) => ({
        target: `${src}/${layer}`,
        from: `${src}/${upper}`,
        message: `${remote} src/${layer}/ must not import src/${upper}/: it sits below the features`,
      })),
    ),
  ];
}

/**
 * The api's modules never import each other: what two modules share lives in api/src/lib/ (or db/),
 * and lib/, plugins/ and mail/ never import a module (docs/decisions/0037). Generated from the
 * folders on disk, so a new module is covered. The allowed calls between modules are named here,
 * each with its reason.
 */
const API_MODULE_CALLS = {
  // The portal's logout ends the session and asks single sign-on where the provider's own logout
  // is (RP-initiated logout): that needs the company's connection and the provider's metadata.
  accounts: ['./sso/service.ts'],
};

function apiModuleZones() {
  const modules = './api/src/modules';
  return [
    ...subfolders(path.join(root, 'api', 'src', 'modules')).map((name) => ({
      target: `${modules}/${name}`,
      from: modules,
      except: [`./${name}`, ...(API_MODULE_CALLS[name] ?? [])],
      message: `api module "${name}" must not import another module: move what they share to api/src/lib/`,
    })),
    ...['lib', 'plugins', 'mail'].map((layer) => ({
      target: `./api/src/${layer}`,
      from: modules,
      message: `api/src/${layer}/ must not import a module: it sits below the modules`,
    })),
  ];
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
    plugins: { 'import-x': importX },
    settings: {
      // Sources import extensionless TypeScript and workspace packages whose exports point at src/*.ts:
      // the resolver must find both, or the path zones and the cycle check see no edge at all.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.jsx', '.json'], conditionNames: ['import', 'default'] })],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js', '.jsx'],
      'import-x/external-module-folders': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // Every kind of import counts, types only and import() included (eslint-rules/no-cycle.mjs).
    files: ['**/*.{ts,tsx}'],
    plugins: { portal },
    rules: { 'portal/no-cycle': 'error' },
  },
  {
    // Tests are not bundled: they may name what they test by its path.
    files: ['shared-contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { portal },
    rules: { 'portal/contracts-entries': 'error' },
  },
  {
    // The words a person reads come from shared-contracts (eslint-rules/no-literal-ui-text.mjs). Tests,
    // and a remote's dev/ harness page, may write their own.
    files: ['shell/src/**/*.tsx', 'shared-ui/src/**/*.tsx', ...REMOTES.map((r) => `${r}/src/**/*.tsx`)],
    ignores: ['**/*.test.tsx', '**/src/test/**', '**/src/dev/**'],
    plugins: { portal },
    rules: { 'portal/no-literal-ui-text': 'error' },
  },
  ...REMOTES.flatMap((r) =>
    boundaries(r, ['shell', ...others(r), 'api', DEPLOY, 'e2e'], 'remotes meet the shell and each other only at run time, through shared-contracts', {
      zones: featureZones(r),
      testsUseTesting: true,
      buildsUseBuildConfig: true,
    }),
  ),
  ...boundaries('shell', [...REMOTES, 'api', DEPLOY, 'e2e'], 'the shell loads remotes at run time and reaches the api over HTTP', {
    testsUseTesting: true,
    buildsUseBuildConfig: true,
  }),
  ...boundaries('shared-ui', ['shell', ...REMOTES, 'api', DEPLOY, 'e2e'], 'shared-ui sits below the shell and the remotes', {
    testsUseTesting: true,
    buildsUseBuildConfig: true,
  }),
  ...boundaries('shared-contracts', ['shared-ui', 'shell', ...REMOTES, 'api', DEPLOY, 'e2e'], 'shared-contracts is the bottom layer', {
    buildsUseBuildConfig: true,
  }),
  ...boundaries('testing', ['shell', ...REMOTES, 'api', DEPLOY, 'e2e'], 'the test setup stands in for the shell, over shared-contracts and shared-ui', {
    buildsUseBuildConfig: true,
  }),
  ...boundaries('build-config', ['shared-ui', 'shell', ...REMOTES, 'api', DEPLOY, 'e2e'], 'the shared build config depends on shared-contracts alone'),
  ...boundaries('api', [...FRONT_END, DEPLOY, 'e2e'], 'the api never imports front-end code', { zones: apiModuleZones(), buildsUseBuildConfig: true }),
  ...boundaries('deploy', [...FRONT_END], 'deploy serves built front ends and embeds the api; it imports no front-end code', { buildsUseBuildConfig: true }),
  ...boundaries('e2e', ['shell', ...REMOTES, 'shared-ui', 'api', DEPLOY], 'journeys drive the built portal through the browser', { buildsUseBuildConfig: true }),
);
