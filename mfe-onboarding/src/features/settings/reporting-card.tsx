import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { reportingSettingsBodySchema } from '@portal/shared-contracts/forms';
import type { ReportingSettings } from '@portal/shared-contracts';
import { LoadState } from '@portal/shared-ui/data-display';
import { Button, TextField } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { useState, type FormEvent } from 'react';
import { useReportingSettings, useSaveReportingSettings } from '../../api/reporting-settings';
import styles from './company-settings-page.module.css';

const R = MESSAGES.reports;
type Field = 'headcount' | 'yearStartMonth';
type Errors = Partial<Record<Field, string>>;

const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, i, 1))),
}));

/** What the Category 7 report reads from the employer: the headcount (its coverage) and the year's first month. */
export function ReportingCard({ companyId }: { companyId: string | null }) {
  const settings = useReportingSettings(companyId);
  return (
    <LoadState query={settings} loadingLabel={R.settingsHeading} failedText={MESSAGES.company.loadFailed}>
      {companyId && settings.data ? <ReportingForm key={JSON.stringify(settings.data)} companyId={companyId} settings={settings.data} /> : null}
    </LoadState>
  );
}

function ReportingForm({ companyId, settings }: { companyId: string; settings: ReportingSettings }) {
  const platform = usePlatform();
  const save = useSaveReportingSettings(companyId);
  const [headcount, setHeadcount] = useState(settings.headcount === null ? '' : String(settings.headcount));
  const [month, setMonth] = useState(String(settings.yearStartMonth));
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = headcount.trim();
    // Digits only (no "1e3", no "12.5"), at most the digits the largest headcount has: else the schema's message.
    const body = { headcount: typed === '' ? null : /^\d{1,8}$/.test(typed) ? Number(typed) : Number.NaN, yearStartMonth: Number(month) };
    const parsed = reportingSettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const i of parsed.error.issues) found[i.path[0] as Field] ??= i.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      platform.toast.success(R.settingsSaved);
    } catch (error) {
      const found: Errors = {};
      if (isApiError(error)) for (const x of error.errors) if (x.field) found[x.field as Field] ??= x.message;
      setErrors(found);
      if (!Object.keys(found).length) platform.toast.error(serverMessage(error, MESSAGES.common.unknownError));
    }
  };

  return (
    <section className={styles.card} aria-labelledby="reporting-heading">
      <h2 id="reporting-heading" className={styles.heading}>
        {R.settingsHeading}
      </h2>
      <form className={styles.stack} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField label={R.headcount} hint={R.headcountHint} value={headcount} onChange={(e) => setHeadcount(e.target.value)} error={errors.headcount} name="headcount" inputMode="numeric" autoComplete="off" />
        <Select label={R.yearStartMonth} value={month} onChange={(e) => setMonth(e.target.value)} options={MONTHS} error={errors.yearStartMonth} name="yearStartMonth" />
        <div>
          <Button type="submit" loading={save.isPending}>
            {MESSAGES.labels.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
