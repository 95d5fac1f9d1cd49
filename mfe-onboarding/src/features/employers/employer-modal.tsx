import { zodResolver } from '@hookform/resolvers/zod';
import { deactivationReasonSchema } from '@portal/shared-contracts/forms';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { Company, DeactivationReason, EmployerModalProps } from '@portal/shared-contracts';
import { Button, Spinner, TextField } from '@portal/shared-ui/form';
import { Textarea } from '@portal/shared-ui/form-extras';
import { Modal, Popover } from '@portal/shared-ui/overlays';
import { Badge, PhoneNumber } from '@portal/shared-ui/data-display';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useDeactivateEmployerMutation } from '../../api/deactivate-employer';
import { useCompany } from '../../api/get-company';
import { useReactivateEmployerMutation } from '../../api/reactivate-employer';
import { useRemoveEmployerMutation } from '../../api/remove-employer';
import { initialsOf } from './initials';
import styles from './employer-modal.module.css';

const E = MESSAGES.employers;
const F = MESSAGES.locationFields;

/** One employer for a super admin: contact, first office address, and delete / deactivate / reactivate. */
export function EmployerModal({ employerId, open, onOpenChange }: EmployerModalProps) {
  const company = useCompany(employerId, { enabled: open });
  const data = company.data;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={MESSAGES.employers.detailsTitle}
      size="lg"
      footer={data ? <EmployerActions company={data} onDone={() => onOpenChange(false)} /> : undefined}
    >
      {company.isPending ? (
        <Spinner label={E.loadingOne} />
      ) : company.isError ? (
        <p role="alert" className={styles.error}>
          {MESSAGES.company.loadFailed}
        </p>
      ) : data ? (
        <EmployerDetails company={data} />
      ) : null}
    </Modal>
  );
}

function EmployerDetails({ company }: { company: Company }) {
  const first = company.locations[0];
  return (
    <div className={styles.details}>
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(company.name)}
        </span>
        <div className={styles.identityText}>
          <p className={styles.name}>
            {company.name} {company.isActive ? null : <Badge tone="danger">{MESSAGES.labels.deactivated}</Badge>}
          </p>
          <dl className={styles.contact}>
            <div>
              <dt>{E.phone}</dt>
              <dd>
                <PhoneNumber value={company.phoneNumber} country={company.countryCode.alpha2Code} />
              </dd>
            </div>
            <div>
              <dt>{E.email}</dt>
              <dd>{company.email}</dd>
            </div>
          </dl>
        </div>
      </div>
      {!company.isActive && company.deactivationReason ? (
        <p className={styles.reason}>
          <strong>{MESSAGES.labels.reasonForDeactivation}:</strong> {company.deactivationReason}
        </p>
      ) : null}
      <fieldset className={styles.address}>
        <legend className={styles.legend}>{E.address}</legend>
        <TextField label={F.addressLine1} readOnly value={first?.addressLine1 ?? ''} />
        <TextField label={F.addressLine2} readOnly value={first?.addressLine2 ?? ''} />
        <TextField label={F.town} readOnly value={first?.town ?? ''} />
        <TextField label={F.postalCode} readOnly value={first?.postalCode ?? ''} />
      </fieldset>
    </div>
  );
}

type ReasonInput = z.input<typeof deactivationReasonSchema>;

function EmployerActions({ company, onDone }: { company: Company; onDone: () => void }) {
  const platform = usePlatform();
  const remove = useRemoveEmployerMutation();
  const deactivate = useDeactivateEmployerMutation();
  const reactivate = useReactivateEmployerMutation();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deactivateOpen, setDeactivateOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReasonInput, unknown, DeactivationReason>({ resolver: zodResolver(deactivationReasonSchema), defaultValues: { reason: '' } });

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      platform.toast.success(success);
      onDone();
    } catch (error) {
      platform.toast.error(serverMessage(error, MESSAGES.common.unknownError));
    }
  };

  const onDeactivate = (values: DeactivationReason) =>
    run(async () => {
      await deactivate.mutateAsync({ params: { id: company.id }, body: values });
      reset();
      setDeactivateOpen(false);
    }, MESSAGES.company.deactivated);

  return (
    <div className={styles.actions}>
      <Popover
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        side="top"
        className={styles.popoverLayer}
        label={E.confirmDeleteLabel}
        trigger={<Button variant="danger">{MESSAGES.labels.deleteUser}</Button>}
      >
        <div className={styles.popover}>
          <p>
            {company.employeeCount === undefined
              ? MESSAGES.employers.confirmDelete
              : MESSAGES.employers.confirmDeleteNamed(company.name, company.employeeCount)}
          </p>
          <div className={styles.popoverActions}>
            <Button variant="secondary" size="sm" onClick={() => setDeleteOpen(false)} disabled={remove.isPending}>
              {MESSAGES.labels.cancel}
            </Button>
            <Button
              variant="danger"
              size="sm"
              loading={remove.isPending}
              onClick={() => void run(() => remove.mutateAsync(company.id), MESSAGES.company.deleted)}
            >
              {MESSAGES.labels.delete}
            </Button>
          </div>
        </div>
      </Popover>
      {company.isActive ? (
        <Popover
          open={deactivateOpen}
          onOpenChange={(o) => {
            setDeactivateOpen(o);
            if (!o) reset();
          }}
          side="top"
          className={styles.popoverLayer}
          label={E.deactivateLabel}
          trigger={<Button variant="secondary">{MESSAGES.labels.deactivateUser}</Button>}
        >
          <form className={styles.popover} onSubmit={handleSubmit(onDeactivate)} noValidate>
            <Textarea label={MESSAGES.labels.reasonForDeactivation} rows={3} error={errors.reason?.message} {...register('reason')} />
            <div className={styles.popoverActions}>
              <Button variant="secondary" size="sm" onClick={() => setDeactivateOpen(false)} disabled={deactivate.isPending}>
                {MESSAGES.labels.cancel}
              </Button>
              <Button type="submit" variant="danger" size="sm" loading={deactivate.isPending}>
                {MESSAGES.labels.deactivate}
              </Button>
            </div>
          </form>
        </Popover>
      ) : (
        <Button loading={reactivate.isPending} onClick={() => void run(() => reactivate.mutateAsync(company.id), MESSAGES.company.reactivated)}>
          {MESSAGES.labels.reactivate}
        </Button>
      )}
    </div>
  );
}
