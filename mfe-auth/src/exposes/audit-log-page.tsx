import { AuditLogPage } from '../features/audit/audit-log-page';

export default AuditLogPage;
