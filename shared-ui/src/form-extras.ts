// Consumers compile this source (no build step), so they need the CSS Module typings with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./css-modules.d.ts" />
// The form controls the login form does not draw: the select, the textarea and a whole form's error
// list. A shared module of its own, so that the login page's start-up (which loads `./form`) does not
// carry them (docs/decisions/0026-login-path-without-zod.md).
export { FormErrorList, type FormErrorListProps } from './components/form-error-list';
export { Select, type SelectOption, type SelectProps } from './components/select';
export { Textarea, type TextareaProps } from './components/textarea';
