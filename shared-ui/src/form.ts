// Consumers compile this source (no build step), so they need the CSS Module typings with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./css-modules.d.ts" />
// Form controls: what a form renders (fields, buttons, their messages) and the brand mark of the
// public account pages. A shared module of its own: the login page loads this entry and no other
// (docs/decisions/0019-bundle-budgets.md). The select, the textarea and the error list are in
// `./form-extras`; the names below stand in for them for remotes built before they moved.
export { BrandMark, type BrandMarkProps } from './components/brand-mark';
export { Button, type ButtonProps, type ButtonVariant } from './components/button';
export { Checkbox, type CheckboxProps } from './components/checkbox';
export { cx } from './components/cx';
export { PasswordField, type PasswordFieldProps } from './components/password-field';
export { Spinner, type SpinnerProps } from './components/spinner';
export { TextField, type TextFieldProps } from './components/text-field';
export { VisuallyHidden } from './components/visually-hidden';
export { FormErrorList, Select, Textarea } from './components/moved-form-controls';
