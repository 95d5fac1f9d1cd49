import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { journeyGroupBodySchema } from '@portal/shared-contracts/forms';
import type { JourneyGroup } from '@portal/shared-contracts';
import { Button, TextField } from '@portal/shared-ui/form';
import { FormErrorList, Textarea } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { useCreateJourneyGroupMutation } from '../../api/create-journey-group';
import { useUpdateJourneyGroupMutation } from '../../api/update-journey-group';
import styles from './journey-groups.module.css';

const G = MESSAGES.insights.groups;

/**
 * The contract's body with the meeting points typed one a line (blank lines are spacing, not
 * points), so the dialog checks exactly what the api will. Renaming checks the same name rule.
 */
const groupFormSchema = z.extend(journeyGroupBodySchema, {
  meetingPoints: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text: string) => text.split('\n').filter((line) => line.trim() !== '')),
    ),
    journeyGroupBodySchema.shape.meetingPoints.def.innerType,
  ),
});
type GroupFormInput = z.input<typeof groupFormSchema>;
type GroupFormOutput = z.output<typeof groupFormSchema>;

/** What the dialog is for: a new group, or a new name for `group`. */
export type GroupDialogTarget = { kind: 'create' } | { kind: 'rename'; group: JourneyGroup };

export function GroupDialog({ target, onClose }: { target: GroupDialogTarget | null; onClose: () => void }) {
  // A fresh form each time it opens: nothing typed or refused before stays in it.
  return target ? <GroupForm key={target.kind === 'rename' ? target.group.id : 'create'} target={target} onClose={onClose} /> : null;
}

function GroupForm({ target, onClose }: { target: GroupDialogTarget; onClose: () => void }) {
  const { toast } = usePlatform();
  const formId = useId();
  const create = useCreateJourneyGroupMutation();
  const update = useUpdateJourneyGroupMutation();
  const busy = create.isPending || update.isPending;
  const renaming = target.kind === 'rename' ? target.group : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GroupFormInput, unknown, GroupFormOutput>({
    resolver: zodResolver(groupFormSchema),
    defaultValues: { name: renaming?.name ?? '', meetingPoints: '' },
  });

  const onSubmit = handleSubmit(async ({ name, meetingPoints }) => {
    try {
      // A rename sends the name alone, which keeps the group's meeting points.
      if (renaming) await update.mutateAsync({ params: { id: renaming.id }, body: { name } });
      else await create.mutateAsync({ name, meetingPoints });
    } catch (error) {
      const onName = isApiError(error) ? error.errors.find((e) => e.field === 'name') : undefined;
      if (onName) setError('name', { type: 'server', message: onName.message }, { shouldFocus: true });
      else setError('root.server', { type: 'server', message: serverMessage(error, G.saveFailed) });
      return;
    }
    toast.success(renaming ? MESSAGES.journeyGroups.updated : MESSAGES.journeyGroups.created);
    onClose();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={renaming ? G.renameTitle : G.add}
      description={renaming ? undefined : G.addText}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {MESSAGES.labels.cancel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {renaming ? MESSAGES.labels.save : G.create}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <FormErrorList messages={[errors.root?.server?.message]} />
        <TextField label={G.name} required autoComplete="off" error={errors.name?.message} {...register('name')} />
        {renaming ? null : <Textarea label={G.meetingPoints} hint={G.meetingPointsHint} rows={4} error={firstMessage(errors.meetingPoints)} {...register('meetingPoints')} />}
      </form>
    </Modal>
  );
}

/** The field's own message, or the first of its lines' (a point too long is reported at its index). */
function firstMessage(error: unknown): string | undefined {
  if (Array.isArray(error)) return error.map(firstMessage).find(Boolean);
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}
