// A widget: the All Users page of the employees remote opens it for employer rows.
import { EmployerModal } from '../features/employers/employer-modal';

export default EmployerModal;
