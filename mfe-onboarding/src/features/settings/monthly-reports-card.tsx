import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { monthlyReportRecipientBodySchema, monthlyReportTimeZoneBodySchema } from '@portal/shared-contracts/endpoints';
import type { MonthlyReportRecipient } from '@portal/shared-contracts';
import { LoadState } from '@portal/shared-ui/data-display';
import { Button, TextField } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { useState, type FormEvent } from 'react';
import { useAddMonthlyReportRecipient, useMonthlyReportRecipients, useRemoveMonthlyReportRecipient, useSetMonthlyReportTimeZone } from '../../api/monthly-reports';
import styles from './company-settings-page.module.css';

const M = MESSAGES.monthlyReports;

// One formatter, made on first use, not one per month listed.
let monthFormat: Intl.DateTimeFormat | undefined;
const monthName = (month: string) => (monthFormat ??= new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(new Date(`${month}-01T00:00:00Z`));

/** Where a recipient's mails stand: unsubscribed, not sent yet, or the latest month's delivery (with the server's answer when it failed). */
function deliveryText(r: MonthlyReportRecipient): string {
  if (r.unsubscribedAt) return M.unsubscribedState;
  if (!r.lastDelivery) return M.neverSent;
  return M.lastDelivery(monthName(r.lastDelivery.month), M.deliveryStates[r.lastDelivery.status] ?? r.lastDelivery.status);
}

/**
 * The IANA time zones this browser knows, with the company's own first when the browser lacks it
 * (an older alias, say). The server checks the name again with the same rule.
 */
function timeZoneOptions(current: string): { value: string; label: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = known.includes(current) ? known : [current, ...known];
  return zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}

/** The company's time zone: its first working day of a month begins at midnight there. */
function TimeZoneForm({ companyId, current }: { companyId: string; current: string }) {
  const platform = usePlatform();
  const save = useSetMonthlyReportTimeZone(companyId);
  const [zone, setZone] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = monthlyReportTimeZoneBodySchema.safeParse({ timeZone: zone });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(parsed.data.timeZone);
      platform.toast.success(M.timeZoneSaved);
    } catch (err) {
      const field = isApiError(err) ? err.errors.find((x) => x.field === 'timeZone')?.message : undefined;
      setError(field ?? serverMessage(err, MESSAGES.common.unknownError));
    }
  };
  return (
    <form className={styles.inline} onSubmit={(e) => void onSave(e)} noValidate>
      <Select label={M.timeZoneLabel} hint={M.timeZoneHint} name="timeZone" value={zone} onChange={(e) => setZone(e.target.value)} options={timeZoneOptions(current)} error={error} />
      <Button type="submit" variant="secondary" loading={save.isPending} disabled={zone === current}>
        {M.timeZoneSave}
      </Button>
    </form>
  );
}

/** The people who get the monthly report by mail (docs/decisions/0049): up to 10, added by email, removed one by one. */
export function MonthlyReportsCard({ companyId }: { companyId: string | null }) {
  const platform = usePlatform();
  const list = useMonthlyReportRecipients(companyId);
  const add = useAddMonthlyReportRecipient(companyId ?? '');
  const remove = useRemoveMonthlyReportRecipient(companyId ?? '');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = monthlyReportRecipientBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await add.mutateAsync(parsed.data.email);
      setEmail('');
      platform.toast.success(M.added);
    } catch (err) {
      const field = isApiError(err) ? err.errors.find((x) => x.field === 'email')?.message : undefined;
      setError(field ?? serverMessage(err, MESSAGES.common.unknownError));
    }
  };

  const onRemove = async (r: MonthlyReportRecipient) => {
    try {
      await remove.mutateAsync(r.id);
      platform.toast.success(M.removed);
    } catch (err) {
      platform.toast.error(serverMessage(err, MESSAGES.common.unknownError));
    }
  };

  const data = list.data;
  const full = data ? data.recipients.length >= data.max : false;
  return (
    <section className={styles.card} aria-labelledby="monthly-reports-heading">
      <h2 id="monthly-reports-heading" className={styles.heading}>
        {M.heading}
      </h2>
      <LoadState query={list} loadingLabel={M.heading} failedText={MESSAGES.company.loadFailed}>
        {data ? (
          <>
            <p className={styles.muted}>{M.intro(data.max)}</p>
            {companyId ? <TimeZoneForm key={data.timeZone} companyId={companyId} current={data.timeZone} /> : null}
            {data.recipients.length === 0 ? (
              <p>{M.empty}</p>
            ) : (
              <ul className={styles.domainList} aria-label={M.listLabel}>
                {data.recipients.map((r) => (
                  <li key={r.id} className={styles.domainRow}>
                    <div className={styles.domainHead}>
                      <strong className={styles.domainName}>{r.email}</strong>
                      <Button type="button" size="sm" variant="secondary" aria-label={M.removeLabel(r.email)} onClick={() => void onRemove(r)}>
                        {M.remove}
                      </Button>
                    </div>
                    <span className={r.lastDelivery?.status === 'failed' && !r.unsubscribedAt ? styles.error : styles.muted}>{deliveryText(r)}</span>
                    {r.lastDelivery?.status === 'failed' && r.lastDelivery.lastError && !r.unsubscribedAt ? (
                      <span className={`${styles.muted} ${styles.record}`}>{r.lastDelivery.lastError}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {full ? (
              <p className={styles.muted}>{M.tooMany(data.max)}</p>
            ) : (
              <form className={styles.inline} onSubmit={(e) => void onAdd(e)} noValidate>
                <TextField label={M.emailLabel} type="email" name="recipientEmail" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
                <Button type="submit" loading={add.isPending} loadingText={M.adding}>
                  {M.add}
                </Button>
              </form>
            )}
          </>
        ) : null}
      </LoadState>
    </section>
  );
}
