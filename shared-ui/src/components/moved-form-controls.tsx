import { lazy } from 'react';

/**
 * Stand-ins for the controls that moved from `@portal/shared-ui/form` to `/form-extras`. Remotes
 * built before the move take `/form` from the shell (docs/decisions/0025) and still read these names
 * from it: each renders the real control, fetched with its first render (the remote's page already
 * waits in a Suspense boundary while it loads). New code imports `/form-extras`.
 */
const load = () => import('../form-extras');

/** @deprecated Import `Select` from `@portal/shared-ui/form-extras`. */
export const Select = lazy(() => load().then((m) => ({ default: m.Select })));
/** @deprecated Import `Textarea` from `@portal/shared-ui/form-extras`. */
export const Textarea = lazy(() => load().then((m) => ({ default: m.Textarea })));
/** @deprecated Import `FormErrorList` from `@portal/shared-ui/form-extras`. */
export const FormErrorList = lazy(() => load().then((m) => ({ default: m.FormErrorList })));
