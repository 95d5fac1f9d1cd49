// Consumers compile this source (no build step), so they need the CSS Module typings with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./css-modules.d.ts" />
// The design system's public face. Import tokens once in the shell: `import '@portal/shared-ui/tokens.css'`.
// Everything, for convenience in tests and tools. Pages import the entry they need instead, each a
// shared module of its own, so that a page loads only the components it renders:
// `@portal/shared-ui/form` (form controls), `/form-extras` (select, textarea, a form's error list),
// `/overlays` (modals, menus, popovers, toasts) and `/data-display` (cards, tables, lists, tabs).
export * from './form';
export * from './form-extras';
// The controls themselves, not `./form`'s stand-ins for them.
export { FormErrorList, Select, Textarea } from './form-extras';
export * from './overlays';
export * from './data-display';
