import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessages, usePlatform } from '@portal/shared-contracts/platform';
import type { AdminEntry } from '@portal/shared-contracts';
import type { OfficeOption } from '@portal/shared-ui/data';
import { Button, Checkbox } from '@portal/shared-ui/form';
import { FormErrorList } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { useId, useState } from 'react';
import { useSetAdminOfficesMutation } from '../../api/set-admin-offices';
import styles from './admins.module.css';

interface AdminOfficesDialogProps {
  /** The admin whose offices are chosen; the dialog is open while there is one. */
  admin: AdminEntry;
  offices: readonly OfficeOption[];
  onClose: () => void;
}

/**
 * The offices an admin manages (docs/decisions/0051-office-administrators.md): the whole company, or
 * one or more of the company's offices. Loaded when first opened: User Management's first paint
 * does not carry it.
 */
export function AdminOfficesDialog({ admin, offices, onClose }: AdminOfficesDialogProps) {
  const platform = usePlatform();
  const save = useSetAdminOfficesMutation();
  const name = useId();
  // An office removed since is not offered: saving leaves it out.
  const [whole, setWhole] = useState(admin.offices === null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set((admin.offices ?? []).filter((id) => offices.some((o) => o.id === id))));
  const [errors, setErrors] = useState<string[]>([]);

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
    setErrors([]);
  };

  const submit = async () => {
    // In the company's order, as the list names them.
    const officeIds = whole ? null : offices.filter((o) => chosen.has(o.id)).map((o) => o.id);
    if (officeIds && officeIds.length === 0) {
      setErrors([MESSAGES.admins.chooseOffice]);
      return;
    }
    try {
      await save.mutateAsync({ id: admin.id, officeIds });
    } catch (error) {
      const list = serverMessages(error);
      setErrors(list.length > 0 ? list : [MESSAGES.common.unknownError]);
      return;
    }
    platform.toast.success(MESSAGES.admins.officesSaved);
    onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={MESSAGES.admins.officesTitle(admin.name)}
      description={MESSAGES.admins.officesIntro}
      dismissible={!save.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {MESSAGES.labels.cancel}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            {MESSAGES.labels.save}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <FormErrorList messages={errors} />
        <fieldset className={styles.scope}>
          <legend className={styles.legend}>{MESSAGES.admins.officesScope}</legend>
          <label className={styles.choice}>
            <input type="radio" name={name} checked={whole} onChange={() => (setWhole(true), setErrors([]))} />
            <span>{MESSAGES.admins.wholeCompany}</span>
          </label>
          <label className={styles.choice}>
            <input type="radio" name={name} checked={!whole} onChange={() => (setWhole(false), setErrors([]))} />
            <span>{MESSAGES.admins.someOffices}</span>
          </label>
        </fieldset>
        {whole ? null : (
          <fieldset className={styles.scope}>
            <legend className={styles.legend}>{MESSAGES.admins.officesLegend}</legend>
            {offices.map((o) => (
              <Checkbox key={o.id} label={o.label} checked={chosen.has(o.id)} onCheckedChange={(on) => toggle(o.id, on)} />
            ))}
          </fieldset>
        )}
      </div>
    </Modal>
  );
}
