import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  LIMITS,
  MESSAGES,
  rejectDriverFormSchema,
  serverMessage,
  usePlatform,
  verifyDriverFormSchema,
  verifyVehicleFormSchema,
  type Driver,
} from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui/form';
import { FormErrorList, Textarea } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { useApproveDriversMutation } from '../../api/approve-drivers';
import { useApproveVehiclesMutation } from '../../api/approve-vehicles';
import { useRejectDriverMutation } from '../../api/reject-driver';
import { FollowUpPicker } from '../../shared/follow-up-picker';
import { fullName, vehicleName } from '../../shared/format';
import styles from './drivers.module.css';

const COPY = MESSAGES.driverScreens;

/** A decision about drivers the pending list asks for; `verifySelected` is Verify Selected over the ticked rows. */
export interface Decision {
  kind: 'reject' | 'verifyDriver' | 'verifyVehicle' | 'verifySelected';
  drivers: Driver[];
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
  } = useForm<DecisionValues>({ resolver: kind.resolver as unknown as Resolver<DecisionValues>, defaultValues: { notes: '', followUpDate: '' } });

  const onSubmit = handleSubmit(async ({ notes, followUpDate }) => {
    const employeeIds = decision.drivers.map((d) => d.id);
    try {
      if (decision.kind === 'reject') await reject.mutateAsync({ employeeId: employeeIds[0]!, notes });
      else if (decision.kind === 'verifyVehicle') await approveVehicles.mutateAsync({ employeeIds, notes, followUpDate });
      else await approveDrivers.mutateAsync({ employeeIds, notes, followUpDate });
    } catch (err) {
      toast.error(serverMessage(err, kind.failure));
      return;
    }
    toast.success(kind.success);
    onDone?.(decision);
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
          required={kind.notesRequired}
          rows={4}
          maxLength={LIMITS.notesMax}
          aria-invalid={errors.notes ? true : undefined}
          {...register('notes')}
        />
      </form>
    </Modal>
  );
}
