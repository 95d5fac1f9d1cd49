// Consumers compile this source (no build step), so they need the CSS Module typings with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./css-modules.d.ts" />
import { lazy, type ComponentType } from 'react';
import type * as FormExtras from './form-extras';
// Form controls: what a form renders (fields, buttons, their messages), the brand mark of the
// public account pages and their links to other routes. A shared module of its own: the login page loads this entry and no other
// (docs/decisions/0019-bundle-budgets.md). The select, the textarea and the error list are in
// `./form-extras`; the names below stand in for them for remotes built before they moved.
export { AppLink, type AppLinkProps } from './components/app-link';
export { BrandMark, type BrandMarkProps } from './components/brand-mark';
export { Button, type ButtonProps, type ButtonVariant } from './components/button';
export { Checkbox, type CheckboxProps } from './components/checkbox';
export { cx } from './components/cx';
export { PasswordField, type PasswordFieldProps } from './components/password-field';
export { Spinner, type SpinnerProps } from './components/spinner';
export { TextField, type TextFieldProps } from './components/text-field';
export { VisuallyHidden } from './components/visually-hidden';

/**
 * Stand-ins for the controls that moved to `./form-extras`: remotes built before the move take this
 * entry from the shell (docs/decisions/0025) and still read these names from it. Each renders the
 * real control, fetched with its first render (the remote's page already waits in a Suspense
 * boundary while it loads). New code imports `@portal/shared-ui/form-extras`.
 */
const moved = <K extends keyof typeof FormExtras>(name: K) =>
  lazy(() => import('./form-extras').then((m) => ({ default: m[name] as ComponentType }))) as unknown as (typeof FormExtras)[K];
/** @deprecated Import `Select` from `@portal/shared-ui/form-extras`. */
export const Select = moved('Select');
/** @deprecated Import `Textarea` from `@portal/shared-ui/form-extras`. */
export const Textarea = moved('Textarea');
/** @deprecated Import `FormErrorList` from `@portal/shared-ui/form-extras`. */
export const FormErrorList = moved('FormErrorList');
