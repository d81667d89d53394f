import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** The audit log, read-only. */
const auditLogs: ConsoleScreen = {
  kind: 'resource',
  name: 'audit-logs',
  list: lazyScreen(() => import('./AuditLogList')),
};
export default auditLogs;
