import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { Location } from '@portal/shared-contracts';
import { locationFormSchemaFor, type LocationForm } from '@portal/shared-contracts/company-rules';
import { Button, TextField } from '@portal/shared-ui/form';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAddLocationMutation } from '../../api/add-location';
import { useDeleteLocationMutation } from '../../api/delete-location';
import { useUpdateLocationMutation } from '../../api/update-location';
import styles from './locations.module.css';

type LocationInput = z.input<ReturnType<typeof locationFormSchemaFor>>;

const F = MESSAGES.locationFields;
const EMPTY: LocationInput = { addressLine1: '', addressLine2: '', town: '', postalCode: '' };

function valuesOf(location: Location | undefined): LocationInput {
  if (!location) return EMPTY;
  return {
    addressLine1: location.addressLine1,
    addressLine2: location.addressLine2 ?? '',
    town: location.town,
    postalCode: location.postalCode,
  };
}

interface LocationRowProps {
  /** The company the location belongs to; without one (company not saved yet) the row is disabled. */
  companyId: string | null;
  /** Alpha-2 of the company's country: postal codes are checked against its format. */
  countryCode: string;
  /** A saved location (read-only until Edit), or none for a new row (editable, with Add). */
  location?: Location;
  /** 1-based position, to name the row for screen readers. */
  position: number;
  /** A new row was added; the parent drops it (the saved location replaces it). */
  onAdded?: () => void;
  /** Offered on extra new rows so an unused "another location" can be dismissed. */
  onDiscard?: () => void;
  /** False for the company's only saved location: a company keeps at least one (the api refuses too). */
  removable?: boolean;
}

/** "1 High Street, Leeds, LS1 4AP": how the Remove question names the office. */
function addressOf(location: Location): string {
  return [location.addressLine1, location.addressLine2, location.town, location.postalCode].filter(Boolean).join(', ');
}

export function LocationRow({ companyId, countryCode, location, position, onAdded, onDiscard, removable = true }: LocationRowProps) {
  const platform = usePlatform();
  const add = useAddLocationMutation();
  const update = useUpdateLocationMutation();
  const remove = useDeleteLocationMutation();
  const isNew = !location;
  const [editing, setEditing] = useState(isNew);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const lastNoteId = useId();
  const schema = useMemo(() => locationFormSchemaFor(countryCode), [countryCode]);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LocationInput, unknown, LocationForm>({ resolver: zodResolver(schema), defaultValues: valuesOf(location) });

  const readOnly = !editing;
  const disabled = !companyId;

  const onSubmit = async (values: LocationForm) => {
    if (!companyId) return;
    try {
      if (location) {
        const answer = await update.mutateAsync({ ...values, id: location.id });
        platform.toast.success(MESSAGES.company.locationUpdated);
        reset(valuesOf(answer.location));
        setEditing(false);
      } else {
        const answer = await add.mutateAsync({ params: { id: companyId }, body: values });
        platform.auth.updateSession({ signUpState: answer.signUpState });
        platform.toast.success(MESSAGES.company.locationAdded);
        reset(EMPTY);
        onAdded?.();
      }
    } catch (error) {
      platform.toast.error(serverMessage(error, MESSAGES.common.unknownError));
    }
  };

  const onRemove = async () => {
    if (!companyId || !location) return;
    try {
      await remove.mutateAsync(location.id);
      platform.toast.success(MESSAGES.company.locationRemoved);
    } catch (error) {
      platform.toast.error(serverMessage(error, MESSAGES.common.unknownError));
    } finally {
      setConfirmingRemove(false);
    }
  };

  const label = isNew ? `New location` : `Location ${position}`;

  return (
    <form
      className={styles.row}
      data-state={isNew ? 'new' : editing ? 'editing' : 'saved'}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={label}
    >
      <fieldset className={styles.fields} disabled={disabled}>
        <legend className={styles.legend}>{label}</legend>
        <TextField label={F.addressLine1} readOnly={readOnly} error={errors.addressLine1?.message} {...register('addressLine1')} />
        <TextField label={F.addressLine2} readOnly={readOnly} error={errors.addressLine2?.message} {...register('addressLine2')} />
        <TextField label={F.town} readOnly={readOnly} error={errors.town?.message} {...register('town')} />
        <TextField label={F.postalCode} readOnly={readOnly} error={errors.postalCode?.message} {...register('postalCode')} />
      </fieldset>
      <div className={styles.rowActions}>
        {isNew ? (
          <>
            {onDiscard ? (
              <Button variant="ghost" size="sm" onClick={onDiscard}>
                {MESSAGES.labels.cancel}
              </Button>
            ) : null}
            <Button type="submit" size="sm" loading={isSubmitting} disabled={disabled}>
              {MESSAGES.labels.add}
            </Button>
          </>
        ) : editing ? (
          <>
            <Button
              key="cancel"
              variant="ghost"
              size="sm"
              onClick={() => {
                reset(valuesOf(location));
                setEditing(false);
              }}
            >
              {MESSAGES.labels.cancel}
            </Button>
            {/* Distinct keys: React must not turn the clicked Edit button into this submit button
                while the click is still being handled, or Edit would submit the form. */}
            <Button key="save" type="submit" size="sm" loading={isSubmitting}>
              {MESSAGES.labels.save}
            </Button>
          </>
        ) : (
          <>
            {removable ? null : (
              <p id={lastNoteId} className={styles.actionNote}>
                {MESSAGES.company.lastLocation}
              </p>
            )}
            <Button
              key="remove"
              variant="ghost"
              size="sm"
              onClick={() => setConfirmingRemove(true)}
              disabled={!removable}
              aria-describedby={removable ? undefined : lastNoteId}
              aria-label={MESSAGES.company.removeLocation(position)}
            >
              {MESSAGES.labels.remove}
            </Button>
            <Button
              key="edit"
              variant="secondary"
              size="sm"
              onClick={(e) => {
                e.preventDefault();
                setEditing(true);
              }} aria-label={MESSAGES.company.editLocation(position)}>
              {MESSAGES.labels.edit}
            </Button>
          </>
        )}
      </div>
      {location ? (
        <ConfirmDialog
          open={confirmingRemove}
          onOpenChange={(open) => {
            if (!remove.isPending) setConfirmingRemove(open);
          }}
          title={MESSAGES.company.removeLocationTitle}
          message={MESSAGES.company.removeLocationText(addressOf(location))}
          confirmLabel={MESSAGES.labels.remove}
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => void onRemove()}
        />
      ) : null}
    </form>
  );
}
