import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { fullName } from '@portal/shared-contracts/names';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { rejectDriverFormSchema, verifyDriverFormSchema, verifyVehicleFormSchema } from '@portal/shared-contracts/forms';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { Driver } from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui/form';
import { LoadFailed, Loading } from '@portal/shared-ui/data-display';
import { FormErrorList, Textarea } from '@portal/shared-ui/form-extras';
import { ConfirmDialog, Modal } from '@portal/shared-ui/overlays';
import { useApproveDriversMutation } from '../../api/approve-drivers';
import { useApproveVehiclesMutation } from '../../api/approve-vehicles';
import { useDriver } from '../../api/get-driver';
import { useRejectDriverMutation } from '../../api/reject-driver';
import { FollowUpPicker } from '../../shared/follow-up-picker';
import { DriverFacts, DriverHistory } from './driver-facts';
import { SameLicenceWarning } from './same-licence-warning';
import styles from './drivers.module.css';

const COPY = MESSAGES.driverScreens;

/** The driver's and the vehicle's notes and follow-up dates, each under its own contract rule. */
const followUpFormSchema = z.object({ driver: verifyDriverFormSchema, vehicle: verifyVehicleFormSchema });
type FollowUpValues = z.input<typeof followUpFormSchema>;
type FollowUpForm = z.output<typeof followUpFormSchema>;

export interface FollowUpModalProps {
  /** The driver whose screen is open (from the address), or null. */
  driverId: string | null;
  /** Their row of the list on screen, when it is there: the form opens at once with it. */
  driver?: Driver | null;
  onClose: () => void;
}

/**
 * "Driver Follow-up Verification" (the approved list's details): notes and follow-up dates of the
 * driver and of the vehicle, editable; Verify records both again, Reject rejects with the driver
 * notes, each after its confirmation. A driver opened by a link (not on this page of the list)
 * is loaded first.
 */
export function FollowUpModal({ driverId, driver, onClose }: FollowUpModalProps) {
  const details = useDriver(driverId);
  if (!driverId) return null;
  const shown = driver?.id === driverId ? driver : details.data?.driver;
  if (shown) return <FollowUpForm key={shown.id} driver={shown} onClose={onClose} />;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={MESSAGES.drivers.followUpTitle} size="lg">
      {details.isError ? (
        <LoadFailed title={COPY.details.loadFailed} onRetry={() => void details.refetch()} />
      ) : (
        <Loading label={MESSAGES.drivers.loadingDetails} />
      )}
    </Modal>
  );
}

function FollowUpForm({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const { toast } = usePlatform();
  const formId = useId();
  const details = useDriver(driver.id);
  const approveDrivers = useApproveDriversMutation();
  const approveVehicles = useApproveVehiclesMutation();
  const reject = useRejectDriverMutation();
  const [asked, setAsked] = useState<{ kind: 'verify'; values: FollowUpForm } | { kind: 'reject'; notes: string } | null>(null);
  const busy = approveDrivers.isPending || approveVehicles.isPending || reject.isPending;
  const name = fullName(driver);
  const {
    control,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FollowUpValues, unknown, FollowUpForm>({
    resolver: zodResolver(followUpFormSchema),
    defaultValues: {
      driver: { notes: driver.notes ?? '', followUpDate: driver.followUpDate ?? '' },
      vehicle: { notes: driver.vehicleNotes ?? '', followUpDate: driver.vehicleFollowUpDate ?? '' },
    },
  });

  const askVerify = handleSubmit((values) => setAsked({ kind: 'verify', values }));

  function askReject() {
    clearErrors();
    const checked = rejectDriverFormSchema.safeParse({ notes: getValues('driver.notes') });
    if (!checked.success) {
      setError('driver.notes', { message: MESSAGES.drivers.rejectNotes });
      return;
    }
    setAsked({ kind: 'reject', notes: checked.data.notes });
  }

  async function confirm() {
    if (!asked) return;
    const employeeIds = [driver.id];
    try {
      if (asked.kind === 'verify') {
        await approveDrivers.mutateAsync({ employeeIds, ...asked.values.driver });
        await approveVehicles.mutateAsync({ employeeIds, ...asked.values.vehicle });
        toast.success(MESSAGES.drivers.approved);
      } else {
        await reject.mutateAsync({ employeeId: driver.id, notes: asked.notes });
        toast.success(MESSAGES.drivers.rejected);
      }
    } catch (err) {
      toast.error(serverMessage(err, asked.kind === 'verify' ? MESSAGES.drivers.approveFailed : MESSAGES.drivers.rejectFailed));
      setAsked(null);
      return;
    }
    setAsked(null);
    onClose();
  }

  return (
    <>
      <Modal
        open
        onOpenChange={(open) => !open && onClose()}
        title={MESSAGES.drivers.followUpTitle}
        description={name}
        size="lg"
        dismissible={!busy}
        footer={
          <>
            <Button variant="danger" onClick={askReject} disabled={busy}>
              {MESSAGES.labels.reject}
            </Button>
            <Button type="submit" form={formId} disabled={busy}>
              {MESSAGES.labels.verify}
            </Button>
          </>
        }
      >
        <div className={styles.details}>
          {details.data ? <SameLicenceWarning drivers={details.data.sameLicence} total={details.data.sameLicenceTotal} /> : null}
          <DriverFacts driver={driver} withNotes={false} />
          <form id={formId} className={styles.form} onSubmit={askVerify} noValidate>
            <FormErrorList
              messages={[errors.driver?.notes?.message, errors.driver?.followUpDate?.message, errors.vehicle?.notes?.message, errors.vehicle?.followUpDate?.message]}
            />
            <div className={styles.followUpGrid}>
              <FollowUpFields control={control} part="driver" legend={COPY.details.driverSection} notesLabel={COPY.driverNotes} dateLabel={COPY.driverFollowUp} errors={errors.driver} />
              <FollowUpFields control={control} part="vehicle" legend={COPY.details.vehicleSection} notesLabel={COPY.vehicleNotes} dateLabel={COPY.vehicleFollowUp} errors={errors.vehicle} />
            </div>
          </form>
          {details.data ? <DriverHistory history={details.data.history} /> : null}
        </div>
      </Modal>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && !busy && setAsked(null)}
        title={asked?.kind === 'reject' ? COPY.rejectTitle : COPY.verifyDriverTitle}
        message={asked?.kind === 'reject' ? COPY.followUpRejectConfirm(name) : COPY.followUpVerifyConfirm(name)}
        confirmLabel={asked?.kind === 'reject' ? MESSAGES.labels.confirm : MESSAGES.labels.verify}
        tone={asked?.kind === 'reject' ? 'danger' : 'default'}
        busy={busy}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

interface FollowUpFieldsProps {
  control: Control<FollowUpValues, unknown, FollowUpForm>;
  part: 'driver' | 'vehicle';
  legend: string;
  notesLabel: string;
  dateLabel: string;
  errors: { notes?: unknown; followUpDate?: unknown } | undefined;
}

function FollowUpFields({ control, part, legend, notesLabel, dateLabel, errors }: FollowUpFieldsProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <Controller
        control={control}
        name={`${part}.followUpDate`}
        render={({ field }) => (
          <FollowUpPicker label={dateLabel} value={field.value} onChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(errors?.followUpDate)} />
        )}
      />
      <Controller
        control={control}
        name={`${part}.notes`}
        render={({ field }) => (
          <Textarea
            label={notesLabel}
            required={part === 'vehicle'}
            rows={3}
            maxLength={LIMITS.notesMax}
            aria-invalid={errors?.notes ? true : undefined}
            {...field}
            value={field.value ?? ''}
          />
        )}
      />
    </fieldset>
  );
}
