// Exposed as mfe_drivers/NotificationsBell (shared-contracts REMOTES['mfe-drivers']).
import { NotificationsBell } from '../features/notifications/notifications-bell';

/** For the super-admin header's notification slot. */
export default NotificationsBell;
