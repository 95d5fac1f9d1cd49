import type { EmployerModalProps } from '@portal/shared-contracts';
import { EmployerModal } from '../features/employers/employer-modal';

/** A widget: the All Users page of the employees remote opens it for employer rows. */
export default function EmployerModalExposed(props: EmployerModalProps) {
  return <EmployerModal {...props} />;
}
