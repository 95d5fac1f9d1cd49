// The repository's own lint rules, as the `portal` plugin (eslint.config.js).
import { contractsEntries } from './contracts-entries.mjs';
import { noCycle } from './no-cycle.mjs';
import { noLiteralUiText } from './no-literal-ui-text.mjs';

export default { meta: { name: 'portal' }, rules: { 'no-cycle': noCycle, 'contracts-entries': contractsEntries, 'no-literal-ui-text': noLiteralUiText } };
