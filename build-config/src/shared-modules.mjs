// The modules shared through Module Federation, in a module without dependencies: create-config.mjs
// builds with them, and lint (eslint-rules/contracts-entries.mjs) and the repository tests read them
// without loading Rspack.

/**
 * The modules that must exist once on the page. Everything here is loaded whole (shared modules are
 * not tree-shaken), so keep the list short and measure it.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  '@tanstack/react-query',
  '@portal/shared-contracts',
  // The contracts' entries, each shared on its own so that a page loads only the parts it imports: the
  // login page the platform, the shell's and the login page's messages, the login form and the
  // session's endpoints, not every message, form or endpoint (`/messages`, `/forms`, `/endpoints`,
  // which the signed-in pages load). The root, the table and the whole messages and forms import these
  // through the package's name, so they reuse these copies. The rest (entities, the other areas'
  // messages, the release manifest, company rules) is plain data each bundle keeps as much of as it
  // uses (docs/decisions/0038-how-the-login-page-stays-small.md).
  '@portal/shared-contracts/constants',
  '@portal/shared-contracts/routes',
  '@portal/shared-contracts/platform',
  '@portal/shared-contracts/messages/shell',
  '@portal/shared-contracts/messages/login',
  // The other account pages' messages and forms (sign-up, passwords, admin users): mfe-auth's pages
  // and the accounts endpoints load them without every other form and message.
  '@portal/shared-contracts/messages/auth',
  '@portal/shared-contracts/messages',
  '@portal/shared-contracts/forms/login',
  '@portal/shared-contracts/forms/auth',
  '@portal/shared-contracts/forms',
  '@portal/shared-contracts/endpoints/session',
  '@portal/shared-contracts/endpoints/accounts',
  '@portal/shared-contracts/endpoints',
  '@portal/shared-ui',
  // shared-ui's entries, each shared on its own so that a page loads only what it renders: the login
  // page the form controls, not the overlays or the data display. The root re-exports all three.
  '@portal/shared-ui/form',
  '@portal/shared-ui/overlays',
  '@portal/shared-ui/data-display',
  // The select, the textarea and a form's error list, which the login page does not draw. Not in
  // SHARED_FROM_SHELL until every shell in service provides it (docs/decisions/0038).
  '@portal/shared-ui/form-extras',
  // Its data hooks need react-query: an entry of its own, so a page without queries loads neither.
  '@portal/shared-ui/data',
];
// Not shared, on purpose (docs/decisions/0007-shared-singletons.md, figures in 0038):
// - react-router-dom: only the shell routes; remotes navigate through the platform. Shared, it would
//   be loaded whole; bundled in the shell it is tree-shaken.
// - zod: shared, it was loaded whole with its 40 locales and JSON-schema code. It holds no state that
//   must be unique: schemas are plain objects, so each bundle keeps only what it uses.

/**
 * The shared modules a remote takes from the shell and never brings itself (`import: false`,
 * docs/decisions/0038): its container then lists no copy of its own for them, no fallback factory and
 * no chunk, so each `remoteEntry.js` is lighter. The shell provides every one of them
 * whatever its own code imports (`SharedFromShellPlugin`). A remote built against another contracts
 * major is never loaded (the shell's version choice), and within a major the shell's copy was already
 * the one a page ran (singletons at the same version, the shell's registered first). Not here:
 * `@portal/shared-ui/data` and the root of shared-ui, which shells before this list did not provide
 * (a remote published now must still run in them).
 */
export const SHARED_FROM_SHELL = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  '@tanstack/react-query',
  '@portal/shared-contracts',
  '@portal/shared-contracts/constants',
  '@portal/shared-contracts/routes',
  '@portal/shared-contracts/platform',
  '@portal/shared-contracts/messages',
  '@portal/shared-contracts/forms',
  '@portal/shared-contracts/endpoints/accounts',
  '@portal/shared-contracts/endpoints',
  '@portal/shared-ui/form',
  '@portal/shared-ui/overlays',
  '@portal/shared-ui/data-display',
];
