import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { Driver } from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { LoadFailed, Loading } from '@portal/shared-ui/data-display';
import { useDriver } from '../../api/get-driver';
import { DriverFacts, DriverHistory } from './driver-facts';
import { SameLicenceWarning } from './same-licence-warning';
import styles from './drivers.module.css';

export interface DriverDetailsModalProps {
  driverId: string | null;
  onClose: () => void;
  onReject: (driver: Driver) => void;
  /** Verify the next thing that waits: the driver, else the vehicle. */
  onVerify: (driver: Driver) => void;
}

/** The pending list's see-more: the driver, the vehicle, notes, follow-ups and history, with Reject and Verify. */
export function DriverDetailsModal({ driverId, onClose, onReject, onVerify }: DriverDetailsModalProps) {
  const details = useDriver(driverId);
  const driver = details.data?.driver;
  return (
    <Modal
      open={driverId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={driver ? fullName(driver) : MESSAGES.drivers.loadingDetails}
      size="lg"
      footer={
        driver ? (
          <>
            <Button variant="danger" onClick={() => onReject(driver)}>
              {MESSAGES.labels.reject}
            </Button>
            <Button onClick={() => onVerify(driver)}>{MESSAGES.labels.verify}</Button>
          </>
        ) : undefined
      }
    >
      {driver && details.data ? (
        <div className={styles.details}>
          <SameLicenceWarning drivers={details.data.sameLicence} total={details.data.sameLicenceTotal} />
          <DriverFacts driver={driver} />
          <DriverHistory history={details.data.history} />
        </div>
      ) : details.isError ? (
        <LoadFailed title={MESSAGES.driverScreens.details.loadFailed} onRetry={() => void details.refetch()} />
      ) : (
        <Loading label={MESSAGES.drivers.loadingDetails} />
      )}
    </Modal>
  );
}
