import { zodResolver } from '@hookform/resolvers/zod';
import { incentiveFormSchema } from '@portal/shared-contracts/forms';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { Incentive, IncentiveForm } from '@portal/shared-contracts';
import { Button, TextField } from '@portal/shared-ui/form';
import { Textarea } from '@portal/shared-ui/form-extras';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveIncentiveMutation } from '../../api/save-incentive';
import formGrid from './form-grid.module.css';
import styles from './incentive-editor.module.css';

type IncentiveInput = z.input<typeof incentiveFormSchema>;

const EMPTY: IncentiveInput = {
  generalRewardDescription: '',
  numberOfMiles: 0,
  numberOfMilesRewards: '',
  numberOfTrips: 0,
  numberOfTripsRewards: '',
};

interface IncentiveEditorProps {
  companyId: string | null;
  /** The saved rules, or null before they are first saved. */
  incentive: Incentive | null;
  /** Id of the form element, so a button elsewhere on the page (setup Proceed) can submit it. */
  formId: string;
  /** Company Settings shows its own Save button; setup step 2 submits through Proceed. */
  showSave?: boolean;
  /** After a successful save, with the sign-up state the server answered. */
  onSaved?: (signUpState: number) => void;
  onBusyChange?: (busy: boolean) => void;
}

/** The five incentive fields, saved with POST /incentives/employers/{id}/incentive. */
export function IncentiveEditor({ companyId, incentive, formId, showSave = false, onSaved, onBusyChange }: IncentiveEditorProps) {
  const platform = usePlatform();
  const save = useSaveIncentiveMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<IncentiveInput, unknown, IncentiveForm>({
    resolver: zodResolver(incentiveFormSchema),
    defaultValues: incentive ?? EMPTY,
  });

  useEffect(() => onBusyChange?.(isSubmitting), [isSubmitting, onBusyChange]);

  const onSubmit = async (values: IncentiveForm) => {
    if (!companyId) {
      platform.toast.error(MESSAGES.company.companyIdMissing);
      return;
    }
    try {
      const answer = await save.mutateAsync({ params: { id: companyId }, body: values });
      platform.auth.updateSession({ signUpState: answer.signUpState });
      platform.toast.success(MESSAGES.company.incentiveSaved);
      reset(answer.incentive);
      onSaved?.(answer.signUpState);
    } catch (error) {
      platform.toast.error(serverMessage(error, MESSAGES.common.unknownError));
    }
  };

  return (
    <form id={formId} className={formGrid.grid} onSubmit={handleSubmit(onSubmit)} noValidate aria-label={MESSAGES.company.incentivesHeading}>
      <Textarea
        label={MESSAGES.company.incentiveFields.generalRewardDescription}
        rows={4}
        containerClassName={styles.wide}
        error={errors.generalRewardDescription?.message}
        {...register('generalRewardDescription')}
      />
      <TextField label={MESSAGES.company.incentiveFields.numberOfMiles} type="number" min={0} step={1} inputMode="numeric" error={errors.numberOfMiles?.message} {...register('numberOfMiles')} />
      <TextField label={MESSAGES.company.incentiveFields.numberOfMilesRewards} error={errors.numberOfMilesRewards?.message} {...register('numberOfMilesRewards')} />
      <TextField label={MESSAGES.company.incentiveFields.numberOfTrips} type="number" min={0} step={1} inputMode="numeric" error={errors.numberOfTrips?.message} {...register('numberOfTrips')} />
      <TextField label={MESSAGES.company.incentiveFields.numberOfTripsRewards} error={errors.numberOfTripsRewards?.message} {...register('numberOfTripsRewards')} />
      {showSave ? (
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            {MESSAGES.labels.save}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
