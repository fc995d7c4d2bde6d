import { PASSWORD, newCompany, signedIn, unique, type Client } from './api';
import type { Tenant } from './route-fixtures';
import { runInbound, text } from './inbound';
import { MP4_HEAD, pngOf, TINY_PDF } from './files';
import { START_ONLY } from './fixtures/flows';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';

async function firstTicket(companyId: number): Promise<{ ticketId: number; contactId: number; messageId: string }> {
  const out = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `C#${companyId}#TICKETS` }, Limit: 1 }));
  const ticketId = Number(out.Items?.[0]?.id);
  const msgs = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `C#${companyId}#MSGS#${ticketId}` }, Limit: 1 }));
  return { ticketId, contactId: Number(out.Items?.[0]?.contactId), messageId: String(msgs.Items?.[0]?.id) };
}

/** A file the admin uploads as the browser does (POST /messages/upload, then the presigned PUT). */
export async function uploadFile(admin: Client, filename: string, mimetype: string, bytes: Buffer): Promise<string> {
  const ticket = await admin.call('POST', '/messages/upload', { body: { filename, mimetype, size: bytes.length } });
  if (ticket.status !== 200 && ticket.status !== 201) throw new Error(`upload refused: ${JSON.stringify(ticket.body)}`);
  const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: bytes });
  if (!put.ok) throw new Error(`upload PUT failed: ${put.status}`);
  return ticket.body.key as string;
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A flow saved once (a start node and an image node of a stored flow file) and a phrase trigger on the connection, off (it starts nothing). */
async function originalFlow(admin: Client, whatsappId: number, imageKey: string): Promise<{ flowId: number; flowFile: string; flowTriggerId: number }> {
  const flow = await admin.call('POST', '/flowbuilder', { body: { name: 'Fluxo Original' } });
  if (flow.status !== 201) throw new Error(`flow not created: ${JSON.stringify(flow.body)}`);
  const file = await admin.call('POST', '/flowbuilder/img', { body: { medias: [{ key: imageKey, filename: 'foto.png', mimetype: 'image/png' }] } });
  if (file.status !== 200) throw new Error(`flow file not stored: ${JSON.stringify(file.body)}`);
  const img = { id: 'img1', type: 'img', position: { x: 500, y: 100 }, data: { url: file.body.name } };
  const saved = await admin.call('POST', '/flowbuilder/flow', { body: { idFlow: flow.body.id, nodes: [...START_ONLY.nodes, img], connections: [{ source: '1', target: 'img1' }] } });
  if (saved.status !== 200) throw new Error(`flow not saved: ${JSON.stringify(saved.body)}`);
  const trigger = await admin.call('POST', '/flowcampaign', { body: { name: 'Gatilho Original', flowId: flow.body.id, phrase: 'gatilho original desligado', whatsappId, status: false } });
  if (trigger.status !== 201) throw new Error(`flow trigger not created: ${JSON.stringify(trigger.body)}`);
  return { flowId: flow.body.id, flowFile: file.body.name, flowTriggerId: trigger.body.id };
}

/** A fresh company with its admin and one agent (ids 1 and 2 of that company). */
export async function tenantWithAgent(): Promise<{ tenant: Tenant; admin: Client; agent: Client; name: string }> {
  const { admin, companyId, email, name } = await newCompany();
  const me = (await admin.call('GET', '/auth/me')).body;
  const userEmail = `${unique('agente')}@example.test`;
  const made = await admin.call('POST', '/users', { body: { name: 'Agente Original', email: userEmail, password: PASSWORD } });
  if (made.status !== 201) throw new Error(`agent not created: ${JSON.stringify(made.body)}`);
  const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox A', channel: 'sandbox' } });
  if (conn.status !== 201) throw new Error(`connection not created: ${JSON.stringify(conn.body)}`);
  await runInbound([text(companyId, conn.body.id, '5511900001111', 'Olá, preciso de ajuda')]);
  const { ticketId, contactId, messageId } = await firstTicket(companyId);
  const quick = await admin.call('POST', '/quick-messages', { body: { shortcode: 'boasvindas', message: 'Olá {{firstName}}, seja bem-vindo!', geral: true } });
  if (quick.status !== 201) throw new Error(`quick reply not created: ${JSON.stringify(quick.body)}`);
  const rating = await admin.call('POST', '/ratings', { body: { name: 'Avaliação Original', message: 'Como foi o atendimento?', geral: true, options: [{ name: 'Bom', value: 2 }, { name: 'Ruim', value: 1 }] } });
  if (rating.status !== 201) throw new Error(`rating not created: ${JSON.stringify(rating.body)}`);
  const schedule = await admin.call('POST', '/schedules', { body: { body: 'Lembrete original', sendAt: '2099-01-01T12:00:00.000Z', contactId } });
  if (schedule.status !== 201) throw new Error(`schedule not created: ${JSON.stringify(schedule.body)}`);
  const uploads = {
    image: await uploadFile(admin, 'foto.png', 'image/png', TINY_PNG),
    sheet: await uploadFile(admin, 'contatos.csv', 'text/csv', Buffer.from('nome;numero\nMaria Teste;5511977776666\n')),
    logo: await uploadFile(admin, 'logo.png', 'image/png', pngOf(300, 200)),
    pdf: await uploadFile(admin, 'termos.pdf', 'application/pdf', TINY_PDF),
    video: await uploadFile(admin, 'video.mp4', 'video/mp4', MP4_HEAD),
  };
  const queue = await admin.call('POST', '/queue', { body: { name: 'Fila Original', color: '#0a7c3e', chatbots: [{ name: 'Opção Original', greetingMessage: 'Texto da opção' }] } });
  if (queue.status !== 201) throw new Error(`queue not created: ${JSON.stringify(queue.body)}`);
  const lane = await admin.call('POST', '/tags', { body: { name: 'Lane Original', color: '#0a7c3e', kanban: 1, actCamp: 1, msgR: 'Olá da lane', rptDays: 2 } });
  if (lane.status !== 201) throw new Error(`lane not created: ${JSON.stringify(lane.body)}`);
  const list = await admin.call('POST', '/contact-lists', { body: { name: 'Lista Original' } });
  if (list.status !== 201) throw new Error(`contact list not created: ${JSON.stringify(list.body)}`);
  const listItem = await admin.call('POST', '/contact-list-items', { body: { contactListId: list.body.id, name: 'Contato Original', number: '5511977770001' } });
  if (listItem.status !== 201) throw new Error(`contact list item not created: ${JSON.stringify(listItem.body)}`);
  const campaign = await admin.call('POST', '/campaigns', { body: { name: 'Campanha Original', message1: 'Olá {nome}', contactListId: list.body.id, whatsappId: conn.body.id } });
  if (campaign.status !== 201) throw new Error(`campaign not created: ${JSON.stringify(campaign.body)}`);
  const { flowId, flowFile, flowTriggerId } = await originalFlow(admin, conn.body.id, uploads.image);
  return {
    tenant: { flowId, flowFile, flowTriggerId, contactListId: list.body.id, contactListItemId: listItem.body.id, campaignId: campaign.body.id, companyId, whatsappId: conn.body.id, ticketId, contactId, messageId, adminId: me.id, adminEmail: email, userId: made.body.id, userEmail, quickMessageId: quick.body.id, ratingId: rating.body.id, scheduleId: schedule.body.id, queueId: queue.body.id, chatbotId: queue.body.chatbots[0].id, tagId: lane.body.id, uploads },
    admin,
    agent: await signedIn(userEmail),
    name,
  };
}
