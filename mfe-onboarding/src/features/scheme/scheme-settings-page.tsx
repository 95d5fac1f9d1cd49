import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { SUPPORT_LIMITS, TRIAL } from '@portal/shared-contracts/scheme';
import { schemeSettingsBodySchema } from '@portal/shared-contracts/forms';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { SchemeSettings, SchemeSettingsBody } from '@portal/shared-contracts';
import { Button, TextField } from '@portal/shared-ui/form';
import { Card, LoadFailed, Loading, Page } from '@portal/shared-ui/data-display';
import { useSaveSchemeSettingsMutation, useSchemeSettings } from '../../api/scheme-settings';
import styles from './scheme-settings-page.module.css';

const COPY = MESSAGES.schemeSettings;

/**
 * The back office's Scheme Settings (docs/decisions/0033-trial-and-consent.md): how long a new
 * company's free trial lasts, and the support contact every company administrator sees in Help &
 * Support. The form checks what the api checks, with the same schema.
 */
export function SchemeSettingsPage() {
  const settings = useSchemeSettings();
  return (
    <Page title={COPY.title} intro={COPY.intro} spacing="lg" className={styles.page}>
      {settings.isPending ? (
        <Loading label={COPY.loading} />
      ) : settings.isError ? (
        <LoadFailed title={COPY.loadFailed} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm key={settings.data.updatedAt ?? 'defaults'} settings={settings.data} />
      )}
    </Page>
  );
}

type FormValues = { trialDays: number; supportEmail: string; supportPhone: string; supportHours: string };

function SettingsForm({ settings }: { settings: SchemeSettings }) {
  const { toast } = usePlatform();
  const save = useSaveSchemeSettingsMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, SchemeSettingsBody>({
    resolver: zodResolver(schemeSettingsBodySchema),
    defaultValues: {
      trialDays: settings.trialDays,
      supportEmail: settings.supportEmail ?? '',
      supportPhone: settings.supportPhone ?? '',
      supportHours: settings.supportHours ?? '',
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await save.mutateAsync(body);
      if (answer.changed) toast.success(answer.message);
      else toast.info(answer.message);
    } catch (err) {
      toast.error(serverMessage(err, COPY.saveFailed));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Card title={COPY.trialTitle}>
        <div className={styles.fields}>
          <TextField
            label={COPY.trialDays}
            type="number"
            inputMode="numeric"
            min={0}
            max={TRIAL.maxDays}
            step={1}
            className={styles.days}
            hint={COPY.trialDaysHint(TRIAL.maxDays)}
            error={errors.trialDays?.message}
            {...register('trialDays', { valueAsNumber: true })}
          />
          <p className={styles.note}>{COPY.graceNote(TRIAL.graceDays)}</p>
        </div>
      </Card>
      <Card title={COPY.supportTitle}>
        <div className={styles.fields}>
          <p className={styles.note}>{COPY.supportIntro}</p>
          <TextField
            label={COPY.supportEmail}
            type="email"
            autoComplete="off"
            maxLength={SUPPORT_LIMITS.emailMax}
            error={errors.supportEmail?.message}
            {...register('supportEmail')}
          />
          <TextField
            label={COPY.supportPhone}
            type="tel"
            autoComplete="off"
            maxLength={SUPPORT_LIMITS.phoneMax}
            error={errors.supportPhone?.message}
            {...register('supportPhone')}
          />
          <TextField
            label={COPY.supportHours}
            autoComplete="off"
            placeholder={COPY.supportHoursPlaceholder}
            maxLength={SUPPORT_LIMITS.hoursMax}
            error={errors.supportHours?.message}
            {...register('supportHours')}
          />
        </div>
      </Card>
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending} loadingText={COPY.saving}>
          {COPY.save}
        </Button>
      </div>
    </form>
  );
}
