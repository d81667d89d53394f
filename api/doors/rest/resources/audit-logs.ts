import { auditLogsSpec } from '../../../modules/audit/audit-log-list';
import { oneRecord } from '../../../modules/lists/list-rows';
import { listResponse } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** The audit log, read-only (api/modules/audit/audit-log-list.ts). */
export const auditLogs: RestResource = {
  name: 'audit-logs',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), auditLogsSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), auditLogsSpec, c.req.param('id')!)),
  },
};
