import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@portal/shared-ui/form';
import { Select, Textarea } from '@portal/shared-ui/form-extras';
import { ConfirmDialog, Modal } from '@portal/shared-ui/overlays';
import { Badge, Loading, saveJson } from '@portal/shared-ui/data-display';
import { deactivationReasonSchema } from '@portal/shared-contracts/forms';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { DeactivationReason, Employee } from '@portal/shared-contracts';
import { useDeactivateEmployeeMutation } from '../../api/deactivate-employee';
import { useEmployee } from '../../api/get-employee';
import { useOffices } from '@portal/shared-ui/data';
import { useReactivateEmployeeMutation } from '../../api/reactivate-employee';
import { useRemoveEmployeeMutation } from '../../api/remove-employee';
import { useExportEmployeeDataMutation } from '../../api/data-rights';
import { EraseEmployeeDialog } from './erase-employee-dialog';
import { useSetEmployeeOfficeMutation } from '../../api/set-employee-office';
import { accountKind, licenceNumber, orNa } from '../../shared/format';
import styles from './employee-management.module.css';

export interface EmployeeDetailModalProps {
  employeeId: string | null;
  onClose: () => void;
}

/** Details of one employee with delete, deactivate (reason required) and reactivate. */
export function EmployeeDetailModal({ employeeId, onClose }: EmployeeDetailModalProps) {
  const employee = useEmployee(employeeId);
  const e = employee.data;
  return (
    <Modal
      open={employeeId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={e ? fullName(e) : MESSAGES.employeeScreens.detailsTitle}
      size="lg"
    >
      {employee.isPending ? (
        <Loading label={MESSAGES.employees.loadingDetails} />
      ) : employee.isError || !e ? (
        <p role="alert" className={styles.errorText}>
          {serverMessage(employee.error, MESSAGES.employees.notFound)}
        </p>
      ) : (
        <EmployeeDetail key={`${e.id}-${String(e.isActive)}`} employee={e} onClose={onClose} />
      )}
    </Modal>
  );
}

export function EmployeeFacts({ employee: e }: { employee: Employee }) {
  const rows: [string, string][] = [
    ['Email', e.email],
    ['Employee number', orNa(e.employeeNumber)],
    ['Account type', accountKind(e)],
    ['Status', e.isActive ? 'Active' : 'Disabled'],
    ['Vehicle make', orNa(e.vehicle?.make)],
    ['Vehicle model', orNa(e.vehicle?.model)],
    ['Year', orNa(e.vehicle?.yearManufactured)],
    ['Registration No.', orNa(e.vehicle?.registrationNumber)],
    ['Driver License No.', orNa(licenceNumber(e))],
    ['Postal Code', orNa(e.postalCode?.value)],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([k, v]) => (
        <div key={k} className={styles.fact}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The employee's office: one of their company's offices or "No office", saved on its own (not with
 * deactivation) through PUT employees/{id}/office.
 */
function OfficeForm({ employee: e }: { employee: Employee }) {
  const { toast } = usePlatform();
  const offices = useOffices(e.companyId);
  const save = useSetEmployeeOfficeMutation();
  const saved = e.officeId ?? '';
  const [chosen, setChosen] = useState(saved);
  const L = MESSAGES.insights;

  async function onSave(ev: FormEvent) {
    ev.preventDefault();
    try {
      await save.mutateAsync({ id: e.id, officeId: chosen || null });
      toast.success(MESSAGES.employees.officeChanged);
    } catch (err) {
      toast.error(serverMessage(err, MESSAGES.common.unknownError));
    }
  }

  if (offices.isError) {
    return (
      <p role="alert" className={styles.errorText}>
        {serverMessage(offices.error, MESSAGES.common.unknownError)}
      </p>
    );
  }
  return (
    <form onSubmit={(ev) => void onSave(ev)} className={styles.officeForm} aria-busy={offices.isPending}>
      <Select
        label={L.office}
        value={chosen}
        disabled={offices.isPending}
        onChange={(ev) => setChosen(ev.target.value)}
        options={[...(offices.data ?? []).map((o) => ({ value: o.id, label: o.label })), { value: '', label: L.noOffice }]}
        containerClassName={styles.officeSelect}
      />
      <Button type="submit" variant="secondary" loading={save.isPending} disabled={offices.isPending || chosen === saved}>
        {MESSAGES.employees.officeSave}
      </Button>
    </form>
  );
}

function EmployeeDetail({ employee: e, onClose }: { employee: Employee; onClose: () => void }) {
  const { toast } = usePlatform();
  const deactivate = useDeactivateEmployeeMutation();
  const reactivate = useReactivateEmployeeMutation();
  const remove = useRemoveEmployeeMutation();
  const exportData = useExportEmployeeDataMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmErase, setConfirmErase] = useState(false);
  const form = useForm<DeactivationReason>({
    resolver: zodResolver(deactivationReasonSchema),
    defaultValues: { reason: '' },
  });

  const onDeactivate = form.handleSubmit(async ({ reason }) => {
    try {
      await deactivate.mutateAsync({ id: e.id, reason });
      toast.success(MESSAGES.employees.deactivated);
      onClose();
    } catch (err) {
      toast.error(serverMessage(err, MESSAGES.common.unknownError));
    }
  });

  async function onReactivate() {
    try {
      await reactivate.mutateAsync(e.id);
      toast.success(MESSAGES.employees.reactivated);
      onClose();
    } catch (err) {
      toast.error(serverMessage(err, MESSAGES.common.unknownError));
    }
  }

  async function onDelete() {
    try {
      await remove.mutateAsync(e.id);
      toast.success(MESSAGES.employees.deleted);
      setConfirmDelete(false);
      onClose();
    } catch (err) {
      setConfirmDelete(false);
      toast.error(serverMessage(err, MESSAGES.common.unknownError));
    }
  }

  async function onExport() {
    try {
      const data = await exportData.mutateAsync(e.id);
      saveJson(data, `employee-${e.id}-${data.exportedAt.slice(0, 10)}.json`);
      toast.success(MESSAGES.dataRights.exported);
    } catch (err) {
      toast.error(serverMessage(err, MESSAGES.dataRights.exportFailed));
    }
  }

  return (
    <div className={styles.detail}>
      <div className={styles.detailStatus}>
        {e.isActive ? <Badge tone="success">{MESSAGES.labels.active}</Badge> : <Badge tone="danger">{MESSAGES.labels.deactivated}</Badge>}
      </div>
      <EmployeeFacts employee={e} />
      <OfficeForm employee={e} />

      {e.isErased ? (
        // Erasure cannot be undone: the anonymous record offers nothing to reactivate, export or erase again.
        <p className={styles.hint}>{MESSAGES.dataRights.erasedRecordHint}</p>
      ) : e.isActive ? (
        <form onSubmit={onDeactivate} noValidate className={styles.reasonForm}>
          <Textarea
            label={MESSAGES.labels.reasonForDeactivation}
            rows={3}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <p className={styles.hint}>{MESSAGES.employeeScreens.deactivateHint}</p>
          <div className={styles.detailActions}>
            <Button variant="secondary" onClick={() => setConfirmDelete(true)} disabled={deactivate.isPending}>
              {MESSAGES.labels.delete}
            </Button>
            <Button type="submit" variant="danger" loading={deactivate.isPending}>
              {MESSAGES.labels.deactivate}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.reasonForm}>
          <Textarea label={MESSAGES.labels.reasonForDeactivation} rows={3} readOnly value={e.deactivationReason ?? ''} />
          <div className={styles.detailActions}>
            <Button variant="secondary" onClick={() => setConfirmDelete(true)} disabled={reactivate.isPending}>
              {MESSAGES.labels.delete}
            </Button>
            <Button onClick={() => void onReactivate()} loading={reactivate.isPending}>
              {MESSAGES.labels.reactivate}
            </Button>
          </div>
        </div>
      )}

      {!e.isErased && (
        <div className={styles.dataRights}>
          <Button variant="secondary" onClick={() => void onExport()} loading={exportData.isPending} loadingText={MESSAGES.dataRights.exporting}>
            {MESSAGES.dataRights.exportData}
          </Button>
          <Button variant="danger" onClick={() => setConfirmErase(true)}>
            {MESSAGES.dataRights.erase}
          </Button>
        </div>
      )}

      <EraseEmployeeDialog
        open={confirmErase}
        onOpenChange={setConfirmErase}
        employeeId={e.id}
        name={fullName(e)}
        onErased={() => {
          setConfirmErase(false);
          onClose();
        }}
      />

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={(open) => !remove.isPending && setConfirmDelete(open)}
        title={MESSAGES.employeeScreens.deleteTitle}
        message={MESSAGES.employeeScreens.deleteText(fullName(e))}
        confirmLabel={MESSAGES.labels.delete}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </div>
  );
}
