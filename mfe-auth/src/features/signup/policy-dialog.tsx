import { LABEL_MESSAGES } from '@portal/shared-contracts/messages/labels';
import { Button } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { POLICIES, type PolicyId } from './policy-texts';

export function PolicyDialog({ policy, onClose }: { policy: PolicyId | null; onClose: () => void }) {
  const content = policy ? POLICIES[policy] : null;
  return (
    <Modal
      open={policy !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={content?.title ?? ''}
      size="lg"
      hideCloseButton
      footer={<Button onClick={onClose}>{LABEL_MESSAGES.labels.close}</Button>}
    >
      {content?.body}
    </Modal>
  );
}
