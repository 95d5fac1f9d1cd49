// Exposed as mfe_insights/ParticipationTab (shared-contracts REMOTES['mfe-insights']).
import { ParticipationTab } from '../features/participation/participation-tab';

export default ParticipationTab;
