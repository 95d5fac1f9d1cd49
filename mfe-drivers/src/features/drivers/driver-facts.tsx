import type { ReactNode } from 'react';
import { formatFollowUp } from '@portal/shared-contracts/forms';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { Driver, DriverHistoryEntry } from '@portal/shared-contracts';
import { Badge } from '@portal/shared-ui/data-display';
import { orNa, vehicleName } from '../../shared/format';
import styles from './drivers.module.css';

const COPY = MESSAGES.driverScreens.details;

const STATUS_TONES = { pending: 'warning', rejected: 'danger', approved: 'success' } as const;

const dateOrNa = (iso: string | null) => orNa(iso ? formatFollowUp(iso) : null);

/** Who the driver is and what they drive, as the details modals show it (read-only). */
export function DriverFacts({ driver, withNotes = true }: { driver: Driver; withNotes?: boolean }) {
  const v = driver.vehicle;
  return (
    <div className={styles.facts}>
      <section aria-label={COPY.driverSection}>
        <dl className={styles.factList}>
          <Fact label={COPY.fullName} value={fullName(driver)} />
          <Fact label={COPY.email} value={driver.email} />
          <Fact label={COPY.employeeNumber} value={orNa(driver.employeeNumber)} />
          <Fact label={COPY.company} value={driver.companyName} />
          <Fact label={COPY.licence} value={orNa(driver.drivingLicense)} code />
          <Fact
            label={COPY.status}
            value={
              <Badge tone={STATUS_TONES[driver.status]}>
                {driver.status === 'approved' ? MESSAGES.labels.verified : driver.isVerified ? MESSAGES.labels.driverVerified : MESSAGES.drivers.statuses[driver.status]}
              </Badge>
            }
          />
          {withNotes ? (
            <>
              <Fact label={COPY.followUpDate} value={dateOrNa(driver.followUpDate)} />
              <Fact label={COPY.notes} value={orNa(driver.notes)} wide />
            </>
          ) : null}
        </dl>
      </section>
      <section aria-label={COPY.vehicleSection}>
        <h3 className={styles.factsHeading}>{COPY.vehicleSection}</h3>
        <dl className={styles.factList}>
          <Fact label={COPY.vehicle} value={vehicleName(v)} />
          <Fact label={COPY.year} value={orNa(v.yearManufactured)} />
          <Fact label={COPY.color} value={orNa(v.color)} />
          <Fact label={COPY.registration} value={v.registrationNumber} code />
          <Fact
            label={COPY.status}
            value={<Badge tone={v.isVerified ? 'success' : 'warning'}>{v.isVerified ? MESSAGES.labels.vehicleVerified : MESSAGES.drivers.statuses.pending}</Badge>}
          />
          {withNotes ? (
            <>
              <Fact label={COPY.vehicleFollowUpDate} value={dateOrNa(driver.vehicleFollowUpDate)} />
              <Fact label={COPY.vehicleNotes} value={orNa(driver.vehicleNotes)} wide />
            </>
          ) : null}
        </dl>
      </section>
    </div>
  );
}

function Fact({ label, value, wide = false, code = false }: { label: string; value: ReactNode; wide?: boolean; code?: boolean }) {
  return (
    <div className={wide ? styles.factWide : styles.fact}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={code ? styles.code : styles.factValue}>{value}</dd>
    </div>
  );
}

/** The verification history, newest first: what happened, when and by whom, with its notes. */
export function DriverHistory({ history }: { history: readonly DriverHistoryEntry[] }) {
  return (
    <section className={styles.history} aria-label={MESSAGES.drivers.history}>
      <h3 className={styles.factsHeading}>{MESSAGES.drivers.history}</h3>
      {history.length === 0 ? (
        <p className={styles.muted}>{MESSAGES.drivers.noHistory}</p>
      ) : (
        <ol className={styles.historyList}>
          {history.map((h) => (
            <li key={h.id} className={styles.historyItem}>
              <span className={styles.historyKind}>{MESSAGES.drivers.historyKinds[h.kind]}</span>
              <span className={styles.muted}>{COPY.historyBy(formatFollowUp(h.createdAt), h.by.name)}</span>
              {h.followUpDate ? <span className={styles.muted}>{COPY.historyFollowUp(formatFollowUp(h.followUpDate))}</span> : null}
              {h.notes ? <p className={styles.historyNotes}>{h.notes}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
