import { TextField } from '@portal/shared-ui/form';
import { Loading } from '@portal/shared-ui/data-display';
import { Modal } from '@portal/shared-ui/overlays';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage } from '@portal/shared-contracts/platform';
import type { UserListItem } from '@portal/shared-contracts';
import { useEmployee } from '../../api/get-employee';
import { accountKind, initials, licenceNumber, orNa } from '../../shared/format';
import styles from './all-users.module.css';

/** An employee as the super admin sees it: identity, status and read-only vehicle and licence details. */
export function EmployeeUserModal({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const employee = useEmployee(user?.id ?? null);
  const e = employee.data;
  return (
    <Modal open={user !== null} onOpenChange={(o) => !o && onClose()} title={user ? fullName(user) : MESSAGES.employeeUser.title} size="lg">
      {employee.isPending ? (
        <Loading label={MESSAGES.employees.loadingOne} />
      ) : employee.isError || !e ? (
        <p role="alert" className={styles.error}>
          {serverMessage(employee.error, MESSAGES.employees.notFound)}
        </p>
      ) : (
        <div className={styles.profile}>
          <div className={styles.identity}>
            <span className={styles.initials} aria-hidden="true">
              {initials(e)}
            </span>
            <div className={styles.identityText}>
              <p className={styles.fullName}>{fullName(e)}</p>
              <p className={styles.kind}>{accountKind(e)}</p>
              <p className={styles.meta}>{MESSAGES.employeeUser.employeeNumber(orNa(e.employeeNumber))}</p>
              <p className={styles.meta}>{e.email}</p>
            </div>
            <span className={e.isActive ? styles.active : styles.disabled}>{e.isActive ? MESSAGES.labels.active : MESSAGES.labels.disabled}</span>
          </div>
          <div className={styles.readOnlyGrid}>
            <TextField label={MESSAGES.employeeUser.vehicleMake} readOnly value={orNa(e.vehicle?.make)} />
            <TextField label={MESSAGES.employeeUser.model} readOnly value={orNa(e.vehicle?.model)} />
            <TextField label={MESSAGES.employeeUser.year} readOnly value={orNa(e.vehicle?.yearManufactured)} />
            <TextField label={MESSAGES.employeeUser.registrationNumber} readOnly value={orNa(e.vehicle?.registrationNumber)} />
            <TextField label={MESSAGES.employeeUser.licenceNumber} readOnly value={orNa(licenceNumber(e))} />
            <TextField label={MESSAGES.employeeUser.postalCode} readOnly value={orNa(e.postalCode?.value)} />
          </div>
        </div>
      )}
    </Modal>
  );
}
