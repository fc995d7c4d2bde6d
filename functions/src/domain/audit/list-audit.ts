import { PAGE_SIZE } from '@conversa/shared/constants';
import type { AuditPage, AuditQuery } from '@conversa/shared/schemas/audit';
import { queryAudit } from '../../adapters/db/audit-log';
import type { AuthContext } from '../auth/authenticate';

/** GET /audit: the caller's company's entries, newest first, by period, user, resource or action. */
export async function listAudit(auth: AuthContext, q: AuditQuery): Promise<AuditPage> {
  const page = await queryAudit(auth.companyId, { from: q.from, to: q.to, userId: q.userId, resource: q.resource, action: q.action }, q.limit ?? PAGE_SIZE, q.cursor);
  return { items: page.items, hasMore: Boolean(page.cursor), ...(page.cursor ? { cursor: page.cursor } : {}) };
}
