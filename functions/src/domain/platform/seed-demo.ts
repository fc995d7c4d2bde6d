/**
 * The demo company's inbox, ready on a first start (README "Try a conversation without a phone"):
 * a queue "Atendimento" with the demo admin and agent in it, and a sandbox connection of that queue,
 * already paired, so a customer played on it reaches the agent's Aguardando tab at once. Made through
 * the same use-cases an admin's clicks run; done once per company (a marker item), so a queue or a
 * connection the admin deletes later is not made again.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SANDBOX_PAIRING_ITEM } from '@conversa/shared/channels';
import { db, table } from '../../adapters/db/client';
import { getCompany } from '../../adapters/db/companies';
import { listConnections } from '../../adapters/db/connections';
import { getCompanyPlan } from '../../adapters/db/plans';
import { listQueues } from '../../adapters/db/queues';
import { findByEmail, getUser } from '../../adapters/db/users';
import { writeAuthItems } from '../../adapters/db/wa-auth-state';
import type { AuthContext } from '../auth/authenticate';
import { createConnection } from '../connections/manage-connections';
import { createQueue } from '../queues/manage-queues';
import { editUser } from '../users/manage-users';

export const DEMO_QUEUE = 'Atendimento';
export const DEMO_CONNECTION = 'Demo (sandbox)';
const marker = (companyId: number) => ({ PK: `C#${companyId}#SEED`, SK: 'DEMO_INBOX' });

export async function seedDemoInbox(companyId: number, adminEmail: string, agentEmails: readonly string[]): Promise<void> {
  if ((await db().send(new GetCommand({ TableName: table(), Key: marker(companyId), ConsistentRead: true }))).Item) return;
  const [company, adminRef] = await Promise.all([getCompany(companyId, true), findByEmail(adminEmail)]);
  const [admin, plan] = await Promise.all([adminRef && getUser(companyId, adminRef.id, true), company && getCompanyPlan(company)]);
  if (!company || !admin || !plan) throw new Error(`demo inbox: company ${companyId}, its plan and admin ${adminEmail} must exist`);
  const auth: AuthContext = { companyId, userId: admin.id, family: 'seed', user: admin, company, plan };

  // Each step finds what an interrupted earlier run made, so a crash mid-seed never doubles anything.
  const queue = (await listQueues(companyId)).find((q) => q.name === DEMO_QUEUE) ?? (await createQueue(auth, { name: DEMO_QUEUE, color: '#1f7a8c', greetingMessage: 'Olá! Em que posso ajudar?', outOfHoursMessage: '', orderQueue: 1, schedules: [], flowId: null }));
  for (const email of [adminEmail, ...agentEmails]) {
    const ref = await findByEmail(email);
    const user = ref && (await getUser(companyId, ref.id, true));
    if (user && !user.queueIds.includes(queue.id)) await editUser(auth, user.id, { queueIds: [...user.queueIds, queue.id] });
  }
  const connection = (await listConnections(companyId)).find((c) => c.name === DEMO_CONNECTION) ?? (await createConnection(auth, { name: DEMO_CONNECTION, channel: 'sandbox', isDefault: true, queueIds: [queue.id] }));
  // Paired already: the session host starts it CONNECTED, as a phone that scanned the QR before.
  await writeAuthItems(companyId, connection.id, [{ name: SANDBOX_PAIRING_ITEM, data: JSON.stringify({ pairedAt: new Date().toISOString(), by: 'seed' }) }]);
  await db().send(new PutCommand({ TableName: table(), Item: { ...marker(companyId), entity: 'seed', queueId: queue.id, whatsappId: connection.id, at: new Date().toISOString() } }));
}
