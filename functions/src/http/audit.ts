import { AuditQuery } from '@conversa/shared/schemas/audit';
import { endpoint, groupHandler } from './endpoint';
import { listAudit } from '../domain/audit/list-audit';

export const handler = groupHandler('audit', {
  'GET /audit': endpoint({ query: AuditQuery }, async ({ auth, query }) => listAudit(auth, query)),
});
