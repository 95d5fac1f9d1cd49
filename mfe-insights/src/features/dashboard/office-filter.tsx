import { Select } from '@portal/shared-ui/form-extras';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { officeOptions, type OfficeChoices } from '../../shared/my-offices';
import styles from './dashboard.module.css';

const OFFICE_PARAM = 'officeId';

/**
 * The office the dashboard's figures are of, kept in the address (`?officeId=`) so a reload or a
 * shared link shows the same office, asked for at once (not after the offices load). Once the
 * offices are known, an id the company does not have (a removed office) is the whole company,
 * rather than a page of errors.
 */
export function useOfficeParam(choices: OfficeChoices): {
  officeId: string | undefined;
  setOfficeId: (id: string | undefined) => void;
} {
  const { location, navigate } = usePlatform();
  const asked = location.query.get(OFFICE_PARAM) ?? undefined;
  const known = choices.knows(asked);
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
 * All offices, each of the company's offices, then "No office" (employees without one); an office
 * admin's own offices under "All my offices". While the offices load (`offices` undefined) it holds
 * its place, disabled, so nothing below it moves.
 */
export function OfficeFilter({ choices, value, onChange }: { choices: OfficeChoices; value: string | undefined; onChange: (id: string | undefined) => void }) {
  const I = MESSAGES.insights;
  const offices = choices.offices;
  return (
    <div className={styles.officeFilter}>
      <Select
        label={I.office}
        value={offices ? (value ?? '') : ''}
        disabled={!offices}
        aria-busy={!offices}
        onChange={(ev) => onChange(ev.target.value || undefined)}
        options={offices ? officeOptions(choices) : [{ value: '', label: choices.allLabel }]}
        containerClassName={styles.officeSelect}
      />
    </div>
  );
}
