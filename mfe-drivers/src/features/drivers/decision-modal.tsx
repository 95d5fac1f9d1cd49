import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { fullName } from '@portal/shared-contracts/names';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { rejectDriverFormSchema, verifyDriverFormSchema, verifyVehicleFormSchema } from '@portal/shared-contracts/forms';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { Driver } from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui/form';
import { FormErrorList, Textarea } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { useApproveDriversMutation } from '../../api/approve-drivers';
import { useApproveVehiclesMutation } from '../../api/approve-vehicles';
import { useRejectDriverMutation } from '../../api/reject-driver';
import { FollowUpPicker } from '../../shared/follow-up-picker';
import { vehicleName } from '../../shared/format';
import styles from './drivers.module.css';

const COPY = MESSAGES.driverScreens;

/** What Verify Selected verifies of each ticked row: its driving licence, its vehicle, or both. */
export type BulkCover = 'both' | 'licences' | 'vehicles';

/** A decision about drivers the pending list asks for; `verifySelected` is Verify Selected over the ticked rows. */
export interface Decision {
  kind: 'reject' | 'verifyDriver' | 'verifyVehicle' | 'verifySelected';
  drivers: Driver[];
  /** Verify Selected, once taken: what it verified. */
  covers?: BulkCover;
}

/** The ticked rows whose licence, and whose vehicle, still wait for verification. */
function pendingParts(drivers: Driver[]) {
  return { licences: drivers.filter((d) => !d.isVerified), vehicles: drivers.filter((d) => !d.vehicle.isVerified) };
}

interface DecisionValues {
  notes: string;
  followUpDate: string;
}

/** Each kind's dialog: its words, its rule (the contract's schema with the spec's message) and its toasts. */
const KINDS = {
  reject: {
    title: COPY.rejectTitle,
    text: (drivers: Driver[]) => COPY.rejectConfirm(fullName(drivers[0]!)),
    resolver: zodResolver(rejectDriverFormSchema),
    followUp: false,
    notesRequired: true,
    submit: MESSAGES.labels.confirm,
    tone: 'danger',
    success: MESSAGES.drivers.rejected,
    failure: MESSAGES.drivers.rejectFailed,
  },
  verifyDriver: {
    title: COPY.verifyDriverTitle,
    text: (drivers: Driver[]) => COPY.verifyDriverText(fullName(drivers[0]!)),
    resolver: zodResolver(verifyDriverFormSchema),
    followUp: true,
    notesRequired: false,
    submit: MESSAGES.labels.verify,
    tone: 'primary',
    success: MESSAGES.drivers.approved,
    failure: MESSAGES.drivers.approveFailed,
  },
  verifyVehicle: {
    title: COPY.verifyVehicleTitle,
    text: (drivers: Driver[]) => COPY.verifyVehicleText(drivers[0]!.vehicle.registrationNumber, vehicleName(drivers[0]!.vehicle)),
    resolver: zodResolver(verifyVehicleFormSchema),
    followUp: true,
    notesRequired: true,
    submit: MESSAGES.labels.verify,
    tone: 'primary',
    success: MESSAGES.drivers.vehicleApproved,
    failure: MESSAGES.drivers.approveFailed,
  },
  verifySelected: {
    title: COPY.bulkTitle,
    text: (drivers: Driver[]) => COPY.bulkConfirm(drivers.length),
    resolver: zodResolver(verifyDriverFormSchema),
    followUp: true,
    notesRequired: false,
    submit: MESSAGES.labels.verify,
    tone: 'primary',
    success: MESSAGES.drivers.bulkApproved,
    failure: MESSAGES.drivers.approveSelectedFailedFor.drivers,
  },
} as const;

export interface DecisionModalProps {
  decision: Decision | null;
  onClose: () => void;
  /** Told once the server has taken the decision. */
  onDone?: (decision: Decision) => void;
}

/** Reject (notes), Verify driver, Verify vehicle and Verify Selected (follow-up date and notes), with the spec's toasts. */
export function DecisionModal({ decision, onClose, onDone }: DecisionModalProps) {
  return decision ? <DecisionForm key={`${decision.kind}:${decision.drivers.map((d) => d.id).join(',')}`} decision={decision} onClose={onClose} onDone={onDone} /> : null;
}

function DecisionForm({ decision, onClose, onDone }: DecisionModalProps & { decision: Decision }) {
  const { toast } = usePlatform();
  const kind = KINDS[decision.kind];
  const parts = pendingParts(decision.drivers);
  const [covers, setCovers] = useState<BulkCover>(parts.licences.length === 0 ? 'vehicles' : parts.vehicles.length === 0 ? 'licences' : 'both');
  const bulk = decision.kind === 'verifySelected';
  // A vehicle's verification needs notes (the spec's vehicle rule); a licence's does not.
  const vehicleRule = decision.kind === 'verifyVehicle' || (bulk && covers !== 'licences');
  const formId = useId();
  const reject = useRejectDriverMutation();
  const approveDrivers = useApproveDriversMutation();
  const approveVehicles = useApproveVehiclesMutation();
  const busy = reject.isPending || approveDrivers.isPending || approveVehicles.isPending;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<DecisionValues>({
    resolver: ((values, context, options) =>
      (bulk ? zodResolver(vehicleRule ? verifyVehicleFormSchema : verifyDriverFormSchema) : kind.resolver)(values, context, options as never)) as Resolver<DecisionValues>,
    defaultValues: { notes: '', followUpDate: '' },
  });

  const onSubmit = handleSubmit(async ({ notes, followUpDate }) => {
    const employeeIds = decision.drivers.map((d) => d.id);
    let failure: string = kind.failure;
    try {
      if (decision.kind === 'reject') await reject.mutateAsync({ employeeId: employeeIds[0]!, notes });
      else if (decision.kind === 'verifyVehicle') await approveVehicles.mutateAsync({ employeeIds, notes, followUpDate });
      else if (!bulk) await approveDrivers.mutateAsync({ employeeIds, notes, followUpDate });
      else {
        // Only what waits is sent: a verified licence or vehicle keeps its notes and date.
        if (covers !== 'vehicles' && parts.licences.length > 0) await approveDrivers.mutateAsync({ employeeIds: parts.licences.map((d) => d.id), notes, followUpDate });
        failure = MESSAGES.drivers.approveSelectedFailedFor.vehicles;
        if (covers !== 'licences' && parts.vehicles.length > 0) await approveVehicles.mutateAsync({ employeeIds: parts.vehicles.map((d) => d.id), notes, followUpDate });
      }
    } catch (err) {
      toast.error(serverMessage(err, failure));
      return;
    }
    toast.success(bulk && covers === 'vehicles' ? MESSAGES.drivers.vehicleApproved : kind.success);
    onDone?.(bulk ? { ...decision, covers } : decision);
    onClose();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={kind.title}
      description={kind.text(decision.drivers)}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {MESSAGES.labels.cancel}
          </Button>
          <Button type="submit" form={formId} variant={kind.tone} loading={busy}>
            {kind.submit}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <FormErrorList messages={[errors.followUpDate?.message, errors.notes?.message]} />
        {bulk ? <CoverChoice covers={covers} onChange={setCovers} licences={parts.licences.length} vehicles={parts.vehicles.length} /> : null}
        {kind.followUp ? (
          <Controller
            control={control}
            name="followUpDate"
            render={({ field }) => (
              <FollowUpPicker label={COPY.followUpDate} value={field.value} onChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(errors.followUpDate)} />
            )}
          />
        ) : null}
        <Textarea
          label={COPY.notes}
          required={bulk ? vehicleRule : kind.notesRequired}
          rows={4}
          maxLength={LIMITS.notesMax}
          aria-invalid={errors.notes ? true : undefined}
          {...register('notes')}
        />
      </form>
    </Modal>
  );
}

/** Verify Selected's choice of what it covers, with how many of each wait (a radio group: one tab stop, arrow keys). */
function CoverChoice({ covers, onChange, licences, vehicles }: { covers: BulkCover; onChange: (c: BulkCover) => void; licences: number; vehicles: number }) {
  const name = useId();
  const options: { value: BulkCover; label: string; disabled: boolean }[] = [
    { value: 'both', label: COPY.bulkCoverBoth(licences, vehicles), disabled: licences === 0 || vehicles === 0 },
    { value: 'licences', label: COPY.bulkCoverLicences(licences), disabled: licences === 0 },
    { value: 'vehicles', label: COPY.bulkCoverVehicles(vehicles), disabled: vehicles === 0 },
  ];
  return (
    <fieldset className={styles.covers}>
      <legend className={styles.legend}>{COPY.bulkCovers}</legend>
      {options.map((o) => (
        <label key={o.value} className={styles.cover}>
          <input type="radio" name={name} value={o.value} checked={covers === o.value} disabled={o.disabled} onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
      {COPY.bulkLeaves[covers] ? <p className={styles.coverNote}>{COPY.bulkLeaves[covers]}</p> : null}
    </fieldset>
  );
}
