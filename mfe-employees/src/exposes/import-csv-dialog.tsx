// Exposed as mfe_employees/ImportCsvDialog (shared-contracts REMOTES['mfe-employees']).
import { ImportCsvDialog } from '../shared/import-csv-dialog';

/** Props: DialogWidgetProps (setup step 3 passes context 'setup' and onDone). */
export default ImportCsvDialog;
