// Exposed as __MF__/__PASCAL__Page (shared-contracts REMOTES['__ID__']).
import { __PASCAL__Page } from '../features/__NAME__/__NAME__-page';

/** __ROUTE__ in the __AREA__ area (its route is in REMOTES['__ID__'].routes). */
export default __PASCAL__Page;
