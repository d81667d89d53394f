import { lazy } from 'react';
import type { ConsoleScreen } from '../screen';

/** The audit log, read-only. */
const auditLogs: ConsoleScreen = {
  kind: 'resource',
  name: 'audit-logs',
  list: lazy(() => import('./AuditLogList')),
};
export default auditLogs;
