import { useState } from 'react';
import { Card } from '@portal/shared-ui/data-display';
import { Select } from '@portal/shared-ui/form-extras';
import { CATEGORY7_FORMATS, reports as reportsEndpoints } from '@portal/shared-contracts/endpoints';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { Category7Format } from '@portal/shared-contracts';
import { officeOptions, type OfficeChoices } from '../../shared/my-offices';
import type { InsightScopeQuery, OfficeScopeQuery } from '../../shared/insight-scope';
import sharedStyles from '../../shared/shared.module.css';
import styles from './dashboard.module.css';

const R = MESSAGES.reports;
/** The reporting years offered: this one and the four before (a year is named by the year it starts in). */
const YEARS_BACK = 4;

/** The report's address: a plain GET the browser downloads with the session cookie, as invoices are. */
export function category7Url(scope: OfficeScopeQuery, year: number, format: Category7Format): string {
  const q = new URLSearchParams({ year: String(year), format });
  if (scope.companyId) q.set('companyId', scope.companyId);
  if (scope.officeId) q.set('officeId', scope.officeId);
  return `${reportsEndpoints.category7.path}?${q.toString()}`;
}

/**
 * The Scope 3 Category 7 report of a reporting year, as PDF, CSV or the trips file that traces it
 * (docs/decisions/0043-category7-report.md), for the company or one office (decision 0045): the
 * office starts as the dashboard's and is chosen here on its own. The api stores what it produces,
 * so the same figures download as the same report.
 */
export function ReportsPanel({ scope, choices, initialOfficeId }: { scope: InsightScopeQuery; choices: OfficeChoices; initialOfficeId: string | undefined }) {
  const offices = choices.offices;
  const thisYear = new Date().getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const [format, setFormat] = useState<Category7Format>('pdf');
  const [officeId, setOfficeId] = useState(initialOfficeId);
  // An office the company no longer has is the whole company, as on the dashboard's filter. A report
  // is stored per office: an office admin's is one of theirs, the first unless chosen (decision 0051).
  const known = officeId !== undefined && officeId !== '' && choices.knows(officeId) ? officeId : undefined;
  const office = choices.limited ? (known ?? offices?.[0]?.id) : known;
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(thisYear - i));
  return (
    <Card title={R.section} aria-label={R.section} className={styles.panel}>
      <div className={styles.panelBody}>
        <p className={sharedStyles.hint}>{R.sectionIntro}</p>
        <div className={styles.reportControls}>
          {offices ? (
            <Select
              label={R.office}
              value={office ?? ''}
              onChange={(ev) => setOfficeId(ev.target.value || undefined)}
              options={choices.limited ? offices.map((o) => ({ value: o.id, label: o.label })) : officeOptions(choices)}
              containerClassName={styles.reportControl}
            />
          ) : null}
          <Select label={R.reportingYear} value={String(year)} onChange={(ev) => setYear(Number(ev.target.value))} options={years.map((y) => ({ value: y, label: y }))} containerClassName={styles.reportControl} />
          <Select
            label={R.format}
            value={format}
            onChange={(ev) => setFormat(ev.target.value as Category7Format)}
            options={CATEGORY7_FORMATS.map((f) => ({ value: f, label: R.formats[f] }))}
            containerClassName={styles.reportControl}
          />
          <a className={styles.download} href={category7Url(office ? { ...scope, officeId: office } : scope, year, format)} download>
            {R.download}
          </a>
        </div>
      </div>
    </Card>
  );
}
