import { Button } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { PhoneNumber } from '@portal/shared-ui/data-display';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { UserListItem } from '@portal/shared-contracts';
import { initials, NOT_AVAILABLE } from '../../shared/format';
import styles from './all-users.module.css';

interface AdminUserModalProps {
  user: UserListItem | null;
  onClose: () => void;
  /** Opens the details of the company the admin works for (where it can be deleted or deactivated). */
  onShowCompany: (companyId: string) => void;
}

/**
 * An employer's admin user: who it is, and a way to its company. The company's own actions stay in
 * the employer modal, so nothing here deletes a company in the name of one of its users.
 */
export function AdminUserModal({ user, onClose, onShowCompany }: AdminUserModalProps) {
  return (
    <Modal
      open={user !== null}
      onOpenChange={(o) => !o && onClose()}
      title={user ? fullName(user) : MESSAGES.labels.accountTypes.Admin}
      footer={
        user?.companyId ? (
          <Button variant="secondary" onClick={() => onShowCompany(user.companyId!)}>
            {MESSAGES.employers.detailsTitle}
          </Button>
        ) : undefined
      }
    >
      {user ? (
        <div className={styles.identity}>
          <span className={styles.initials} aria-hidden="true">
            {initials(user)}
          </span>
          <div className={styles.identityText}>
            <p className={styles.fullName}>{fullName(user)}</p>
            <p className={styles.kind}>{MESSAGES.labels.accountTypes.Admin}</p>
            <p className={styles.meta}>{user.email}</p>
            <p className={styles.meta}>
              <PhoneNumber value={user.phoneNumber} country={user.companyCountry} empty={NOT_AVAILABLE} />
            </p>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
