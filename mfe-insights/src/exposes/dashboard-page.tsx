// Exposed as mfe_insights/DashboardPage (shared-contracts REMOTES['mfe-insights']).
import { DashboardPage } from '../features/dashboard/dashboard-page';

export default DashboardPage;
