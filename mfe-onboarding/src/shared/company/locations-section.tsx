import { DEFAULT_COUNTRY } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { Company } from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui/form';
import { useId, useState } from 'react';
import { LocationRow } from './location-row';
import styles from './locations.module.css';

interface LocationsSectionProps {
  /** Null while the company is not saved yet: the new-location row is shown but disabled. */
  company: Company | null;
}

let rowSeq = 0;
const nextRowKey = () => `new-${++rowSeq}`;

/**
 * Office locations: saved ones are read-only until Edit, new ones are editable with Add, and
 * "Add another location" opens one more new row.
 */
export function LocationsSection({ company }: LocationsSectionProps) {
  const locations = company?.locations ?? [];
  // A company without a location starts with one empty row; otherwise rows are opened on demand.
  const [newRows, setNewRows] = useState<string[]>(() => (locations.length === 0 ? [nextRowKey()] : []));
  const countryCode = company?.countryCode.alpha2Code ?? DEFAULT_COUNTRY;
  const companyId = company?.id ?? null;

  const headingId = useId();
  const dropRow = (key: string) => setNewRows((rows) => rows.filter((k) => k !== key));

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {MESSAGES.company.locationsHeading}
      </h2>
      {!companyId ? <p className={styles.note}>{MESSAGES.company.locationsNeedCompany}</p> : null}
      <div className={styles.list}>
        {locations.map((location, i) => (
          <LocationRow
            key={location.id}
            companyId={companyId}
            countryCode={countryCode}
            location={location}
            position={i + 1}
            removable={locations.length > 1}
          />
        ))}
        {newRows.map((key, i) => (
          <LocationRow
            key={key}
            companyId={companyId}
            countryCode={countryCode}
            position={locations.length + i + 1}
            onAdded={() => dropRow(key)}
            onDiscard={locations.length + newRows.length > 1 ? () => dropRow(key) : undefined}
          />
        ))}
      </div>
      <div>
        <Button variant="link" onClick={() => setNewRows((rows) => [...rows, nextRowKey()])} disabled={!companyId}>
          + {MESSAGES.labels.addAnotherLocation}
        </Button>
      </div>
    </section>
  );
}
