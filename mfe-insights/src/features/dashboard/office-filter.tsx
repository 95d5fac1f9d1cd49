import { Select } from '@portal/shared-ui/form-extras';
import { MESSAGES, OFFICE_NONE, ROUTES, usePlatform } from '@portal/shared-contracts';
import type { OfficeOption } from '@portal/shared-ui/data';
import styles from './dashboard.module.css';

const OFFICE_PARAM = 'officeId';

/**
 * The office the dashboard's figures are of, kept in the address (`?officeId=`) so a reload or a
 * shared link shows the same office, asked for at once (not after the offices load). Once the
 * offices are known, an id the company does not have (a removed office) is the whole company,
 * rather than a page of errors.
 */
export function useOfficeParam(offices: readonly OfficeOption[] | undefined): {
  officeId: string | undefined;
  setOfficeId: (id: string | undefined) => void;
} {
  const { location, navigate } = usePlatform();
  const asked = location.query.get(OFFICE_PARAM) ?? undefined;
  const known = asked === OFFICE_NONE || offices === undefined || offices.some((o) => o.id === asked);
  return {
    officeId: known ? asked : undefined,
    setOfficeId: (id) => {
      const query = new URLSearchParams(location.query);
      if (id) query.set(OFFICE_PARAM, id);
      else query.delete(OFFICE_PARAM);
      const search = query.toString();
      navigate(search ? `${ROUTES.mainPage}?${search}` : ROUTES.mainPage, { replace: true });
    },
  };
}

/**
 * All offices, each of the company's offices, then "No office" (employees without one). While the
 * offices load (`offices` undefined) it holds its place, disabled, so nothing below it moves.
 */
export function OfficeFilter({ offices, value, onChange }: { offices: readonly OfficeOption[] | undefined; value: string | undefined; onChange: (id: string | undefined) => void }) {
  const I = MESSAGES.insights;
  return (
    <div className={styles.officeFilter}>
      <Select
        label={I.office}
        value={offices ? (value ?? '') : ''}
        disabled={!offices}
        aria-busy={!offices}
        onChange={(ev) => onChange(ev.target.value || undefined)}
        options={
          offices
            ? [{ value: '', label: I.allOffices }, ...offices.map((o) => ({ value: o.id, label: o.label })), { value: OFFICE_NONE, label: I.noOffice }]
            : [{ value: '', label: I.allOffices }]
        }
        containerClassName={styles.officeSelect}
      />
    </div>
  );
}
