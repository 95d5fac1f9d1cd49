// Exposed as mfe_insights/JourneyGroupsTab (shared-contracts REMOTES['mfe-insights']).
import { JourneyGroupsTab } from '../features/journey-groups/journey-groups-tab';

export default JourneyGroupsTab;
