import { useId, type MouseEvent } from 'react';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { SameLicenceDriver } from '@portal/shared-contracts';
import { driverLink } from '../../shared/driver-link';
import styles from './drivers.module.css';

const COPY = MESSAGES.driverScreens.sameLicence;

export interface SameLicenceWarningProps {
  drivers: readonly SameLicenceDriver[];
  /** How many there are in all (the list holds the first few). */
  total: number;
}

/**
 * The other drivers, of any company, holding the licence number of the driver on screen: who they
 * are, their company and where they stand, each a link to their own details. Nothing when none.
 */
export function SameLicenceWarning({ drivers, total }: SameLicenceWarningProps) {
  const { navigate } = usePlatform();
  const titleId = useId();
  if (total === 0) return null;
  const follow = (to: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <section className={styles.sameLicence} role="alert" aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sameLicenceTitle}>
        <WarningIcon />
        {COPY.title(total)}
      </h3>
      <p className={styles.sameLicenceIntro}>{COPY.intro}</p>
      <ul className={styles.sameLicenceList}>
        {drivers.map((d) => {
          const to = driverLink(d.id, d.status);
          return (
            <li key={d.id}>
              <a className={styles.sameLicenceLink} href={`#${to}`} onClick={follow(to)}>
                {fullName(d)}
              </a>{' '}
              <span className={styles.sameLicenceWhere}>{COPY.where(d.companyName, MESSAGES.drivers.statuses[d.status])}</span>
            </li>
          );
        })}
      </ul>
      {total > drivers.length ? <p className={styles.sameLicenceIntro}>{COPY.more(total - drivers.length)}</p> : null}
    </section>
  );
}

function WarningIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M10 2.5l8 14.5H2L10 2.5z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M10 8v4.2M10 14.6v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
