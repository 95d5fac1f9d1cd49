import { utcDateTime } from '@portal/shared-contracts/date-time';
import { freezeBodySchema } from '@portal/shared-contracts/endpoints';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { CompanyFreeze } from '@portal/shared-contracts';
import { Badge, LoadState } from '@portal/shared-ui/data-display';
import { Button, TextField } from '@portal/shared-ui/form';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { useState, type FormEvent } from 'react';
import { useCompanyFreeze, useFreezeCompany, useUnfreezeCompany } from '../../api/release-freeze';
import styles from './company-settings-page.module.css';

const F = MESSAGES.releaseFreeze;

/**
 * Company Settings, Version freeze (docs/decisions/0042): keep the company's users on the portal
 * version they have now until a day, see the freeze in force, end it.
 */
export function FreezeTab() {
  const platform = usePlatform();
  const id = platform.session?.employerId ?? null;
  const freeze = useCompanyFreeze(id);
  return (
    <LoadState query={freeze} loadingLabel={F.heading} failedText={MESSAGES.company.loadFailed}>
      {id && freeze.data ? <FreezeCard companyId={id} state={freeze.data} /> : null}
    </LoadState>
  );
}

function FreezeCard({ companyId, state }: { companyId: string; state: CompanyFreeze }) {
  const platform = usePlatform();
  const set = useFreezeCompany(companyId);
  const end = useUnfreezeCompany(companyId);
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const current = state.freeze;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!day) {
      setError(F.chooseDay);
      return;
    }
    // The day's 00:00 UTC, as the release CLI reads a day.
    const body = { until: `${day}T00:00:00Z` };
    const parsed = freezeBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? F.badUntil);
      return;
    }
    setError(null);
    try {
      await set.mutateAsync(body.until);
      setDay('');
      platform.toast.success(F.frozenToast);
    } catch (e) {
      setError(serverMessage(e, MESSAGES.common.unknownError));
    }
  };

  return (
    <section className={styles.card} aria-labelledby="freeze-heading">
      <h2 id="freeze-heading" className={styles.heading}>
        {F.heading}
      </h2>
      <p className={styles.muted}>{F.intro(state.maxDays)}</p>
      <div role="status">
        {current ? (
          <p>
            <Badge tone="warning">{F.frozenUntil(utcDateTime(current.until))}</Badge> <span className={styles.muted}>{F.frozenSince(utcDateTime(current.since))}</span>
          </p>
        ) : (
          <p>{F.notFrozenNow}</p>
        )}
      </div>
      <form className={styles.stack} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField label={F.untilLabel} type="date" value={day} onChange={(e) => setDay(e.target.value)} error={error ?? undefined} />
        <div className={styles.buttons}>
          <Button type="submit" loading={set.isPending} loadingText={F.freeze}>
            {current ? F.moveEnd : F.freeze}
          </Button>
          {current ? (
            <Button type="button" variant="secondary" onClick={() => setConfirmEnd(true)}>
              {F.end}
            </Button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title={F.endConfirmTitle}
        message={F.endConfirm}
        confirmLabel={F.end}
        tone="danger"
        busy={end.isPending}
        onConfirm={() =>
          void end.mutateAsync().then(
            () => {
              setConfirmEnd(false);
              platform.toast.success(F.endedToast);
            },
            (e: unknown) => {
              setConfirmEnd(false);
              platform.toast.error(serverMessage(e, MESSAGES.common.unknownError));
            },
          )
        }
      />
    </section>
  );
}
