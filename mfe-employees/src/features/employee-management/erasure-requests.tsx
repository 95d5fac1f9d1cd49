import { useId } from 'react';
import { utcDay } from '@portal/shared-contracts/date-time';
import { ERASURE_REQUEST_DAYS } from '@portal/shared-contracts/endpoints';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { useErasureRequests } from '../../api/data-rights';
import styles from './employee-management.module.css';

const M = MESSAGES.dataRights;

/** Employees who asked to be erased: shown above the list only when there are some; a name opens the details. */
export function ErasureRequests({ onOpen }: { onOpen: (employeeId: string) => void }) {
  const requests = useErasureRequests();
  const headingId = useId();
  const items = requests.data ?? [];
  if (!items.length) return null;
  return (
    <section className={styles.requests} aria-labelledby={headingId}>
      <h2 id={headingId}>{M.requestsHeading}</h2>
      <p className={styles.hint}>{M.requestsIntro(ERASURE_REQUEST_DAYS)}</p>
      <ul className={styles.requestList}>
        {items.map((r) => (
          <li key={r.id} className={styles.requestItem}>
            <button type="button" className={styles.statusInactive} onClick={() => onOpen(r.employeeId)}>
              {r.name}
            </button>
            <span className={styles.hint}>{M.requestedOn(utcDay(r.requestedAt))}</span>
            <span className={styles.hint}>{M.dueOn(utcDay(r.dueAt))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
