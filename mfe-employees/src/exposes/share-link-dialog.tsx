// Exposed as mfe_employees/ShareLinkDialog (shared-contracts REMOTES['mfe-employees']).
import { ShareLinkDialog } from '../shared/share-link-dialog';

/** Props: DialogWidgetProps. */
export default ShareLinkDialog;
