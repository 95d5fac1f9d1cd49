import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_COUNTRY } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { Company } from '@portal/shared-contracts';
import { COUNTRIES, companyFormSchema, type CompanyForm } from '@portal/shared-contracts/company-rules';
import { Button, TextField } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateCompanyMutation } from '../../api/create-company';
import { useUpdateCompanyMutation } from '../../api/update-company';
import { callingCodeLabel } from '../phone';
import { useFlag } from './flags';
import styles from './company-details-form.module.css';
import formGrid from './form-grid.module.css';

export type CompanyFormInput = z.input<typeof companyFormSchema>;

interface CompanyDetailsFormProps {
  /** The saved company (edit mode), or null when none exists yet (add mode). */
  company: Company | null;
  /** After a successful save; `created` is true when the company was just created. */
  onSaved?: (company: Company, created: boolean) => void;
  /** Reports whether the form holds edits that are not saved yet. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Shows the spec's "click the save button" warning while there are unsaved edits. */
  warnWhenDirty?: boolean;
  /** Unsaved values from the last time the form was shown, put back (still unsaved) when it opens. */
  draft?: CompanyFormInput | null;
  /** When the form goes away (another tab): its unsaved values, or null when there are none. */
  keepDraft?: (draft: CompanyFormInput | null) => void;
}

function valuesOf(company: Company | null): CompanyFormInput {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    countryCode: company?.countryCode.alpha2Code ?? DEFAULT_COUNTRY,
    phoneNumber: company?.phoneNumber ?? '',
  };
}

/**
 * The company details form of setup step 1 and Company Settings: add mode posts a new company,
 * edit mode puts the changes. Either way the saved flag and the session's company are updated.
 */
export function CompanyDetailsForm({ company, onSaved, onDirtyChange, warnWhenDirty = false, draft = null, keepDraft }: CompanyDetailsFormProps) {
  const platform = usePlatform();
  const create = useCreateCompanyMutation();
  const update = useUpdateCompanyMutation();
  const mode = company ? 'edit' : 'add';

  const {
    register,
    handleSubmit,
    reset,
    getValues,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CompanyFormInput, unknown, CompanyForm>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: valuesOf(company),
  });

  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);

  // Put back what was left unsaved (the saved company stays the baseline, so it still counts as
  // unsaved, and the form holds it from now on); hand it back when the form goes away.
  const restore = useRef(draft);
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const keep = useRef(keepDraft);
  keep.current = keepDraft;
  useEffect(() => {
    if (restore.current) reset(restore.current, { keepDefaultValues: true });
    keep.current?.(null);
    return () => keep.current?.(dirty.current ? getValues() : null);
  }, [reset, getValues]);

  // Flags as images, not emoji (which many machines draw as empty boxes). A native select's options
  // cannot hold images, so the chosen country's flag is drawn in the closed select.
  const countryOptions = useMemo(() => COUNTRIES.map((c) => ({ value: c.alpha2Code, label: `${c.name} (${callingCodeLabel(c.callingCode)})` })), []);
  const flag = useFlag(watch('countryCode'));

  const onSubmit = async (values: CompanyForm) => {
    try {
      const answer = company ? await update.mutateAsync({ ...values, id: company.id }) : await create.mutateAsync(values);
      platform.savedFlag.set(true);
      platform.auth.updateSession({ employerId: answer.id, companyDetails: answer.company });
      platform.toast.success(MESSAGES.company.saved);
      reset(valuesOf(answer.company));
      onSaved?.(answer.company, !company);
    } catch (error) {
      platform.toast.error(serverMessage(error, MESSAGES.company.saveFailed));
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-label={MESSAGES.company.detailsHeading} data-mode={mode}>
      <div className={formGrid.grid}>
        <TextField label={MESSAGES.company.fields.name} autoComplete="organization" error={errors.name?.message} {...register('name')} />
        <TextField label={MESSAGES.company.fields.email} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <div className={styles.phoneRow}>
          <Select
            label={MESSAGES.company.fields.countryCode}
            containerClassName={styles.country}
            options={countryOptions}
            error={errors.countryCode?.message}
            data-flag={flag ? '' : undefined}
            style={flag ? ({ '--flag': `url("${flag}")` } as CSSProperties) : undefined}
            {...register('countryCode')}
          />
          <TextField
            label={MESSAGES.company.fields.phoneNumber}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            containerClassName={styles.phone}
            error={errors.phoneNumber?.message}
            {...register('phoneNumber')}
          />
        </div>
      </div>
      {warnWhenDirty && isDirty ? (
        <p className={styles.warning} role="status">
          {MESSAGES.setup.clickSave}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          {MESSAGES.labels.save}
        </Button>
      </div>
    </form>
  );
}
