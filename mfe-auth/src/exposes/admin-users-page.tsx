import { AdminUsersPage } from '../features/admins/admin-users-page';

export default AdminUsersPage;
