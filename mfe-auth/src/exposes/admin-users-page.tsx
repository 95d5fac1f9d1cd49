import type { AdminUsersPageProps } from '@portal/shared-contracts';
import { AdminUsers } from '../features/admins/components/admin-users';

/** Super admin `/admins` (Admins) and employer `/user-management` (Users). */
export default function AdminUsersPage({ variant = 'employer' }: Partial<AdminUsersPageProps>) {
  return <AdminUsers variant={variant} />;
}
