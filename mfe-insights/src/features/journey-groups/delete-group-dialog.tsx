import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { JourneyGroup } from '@portal/shared-contracts';
import { useRemoveJourneyGroupMutation } from '../../api/remove-journey-group';

const G = MESSAGES.insights.groups;

/** Asks before deleting `group`, saying what becomes of its members and trips (as the api does it). */
export function DeleteGroupDialog({ group, onClose }: { group: JourneyGroup | null; onClose: () => void }) {
  const { toast } = usePlatform();
  const remove = useRemoveJourneyGroupMutation();
  const onConfirm = async (target: JourneyGroup) => {
    try {
      await remove.mutateAsync(target.id);
      toast.success(MESSAGES.journeyGroups.deleted);
    } catch (error) {
      toast.error(serverMessage(error, G.deleteFailed));
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={group !== null}
      onOpenChange={(open) => !open && onClose()}
      title={G.deleteTitle}
      message={group ? G.deleteConfirm(group.name, group.members.length, group.trips) : ''}
      confirmLabel={MESSAGES.labels.delete}
      tone="danger"
      busy={remove.isPending}
      onConfirm={() => group && void onConfirm(group)}
    />
  );
}
