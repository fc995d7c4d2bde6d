/**
 * The flow runtime on the official channels (issue 23: "on every channel"): a welcome flow on a
 * WhatsApp Cloud API, a Messenger and an Instagram connection, walked by a customer whose
 * messages go through the inbound worker as their webhooks' envelopes do. The flow's messages
 * must appear in the conversation, as the agents see them, and the menu answer must move the
 * ticket to its queue. (Sending them to Meta is the Graph sender's, tested against the fake Graph
 * in webhooks-graph-sender.test.ts; these connections have no token, so the stack's sender marks
 * them failed at once instead of calling out.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { InboundEnvelope } from '../../shared/src/channels';
import { FlowGraph } from '../../shared/src/schemas/flows';
import { db, table } from '../../functions/src/adapters/db/client';
import { putFlow, saveFlowVersion } from '../../functions/src/adapters/db/flows';
import { keys } from '../../functions/src/adapters/db/keys';
import { findExternalRef } from '../../functions/src/adapters/db/messages';
import { getTicket } from '../../functions/src/adapters/db/tickets';
import { newCompany } from '../support/api';
import { makeQueue, type QueueMade } from '../support/bot-chat';
import { queryPartition } from '../support/db';
import { runInbound, text } from '../support/inbound';
import { until } from '../support/sandbox';

let companyId: number;
let suporte: QueueMade;
let seq = 0;
const CHANNELS = [
  { id: 1, channel: 'wppoficial', chat: () => `55219${String(Date.now()).slice(-6)}${++seq}`, provider: { phoneNumberId: `PN-FLOW-${Date.now()}` } },
  { id: 2, channel: 'facebook', chat: () => `PSID${Date.now()}${++seq}`, provider: { pageId: `PAGE-FLOW-${Date.now()}` } },
  { id: 3, channel: 'instagram', chat: () => `IGSID${Date.now()}${++seq}`, provider: { pageId: `PAGE-FLOW-IG-${Date.now()}`, instagramId: `IG-FLOW-${Date.now()}` } },
] as const;

const MENU = 'Como posso ajudar?\n\n*1* - Suporte\n*2* - Falar com vendas';

/** What the agents see the flow say on the ticket: its own messages, oldest first. */
async function flowSaid(ticketId: number, count: number): Promise<string[]> {
  return until(`${count} flow message(s) on ticket ${ticketId}`, async () => {
    const mine = (await queryPartition(`C#${companyId}#MSGS#${ticketId}`)).filter((m) => m.fromMe).sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
    return mine.length >= count && mine.map((m) => String(m.body));
  }, 15_000);
}

beforeAll(async () => {
  const company = await newCompany();
  companyId = company.companyId;
  suporte = await makeQueue(company.admin, { name: 'Suporte', greetingMessage: '' });
  const now = new Date().toISOString();
  const flowId = 1;
  await putFlow({ id: flowId, companyId, name: 'Boas-vindas', active: true, version: 0, rev: 0, createdAt: now, updatedAt: now });
  await saveFlowVersion(companyId, flowId, 0, FlowGraph.parse({
    nodes: [
      { id: 'start', type: 'start', data: {}, position: { x: 0, y: 0 } },
      { id: 'oi', type: 'message', data: { label: 'Olá {{firstName}}! Você escreveu pelo canal {{connection}}.' }, position: { x: 300, y: 0 } },
      { id: 'menu', type: 'menu', data: { message: 'Como posso ajudar?', arrayOption: [{ number: 1, value: 'Suporte' }, { number: 2, value: 'Falar com vendas' }] }, position: { x: 600, y: 0 } },
      { id: 'fila', type: 'queue', data: { queue: suporte.id }, position: { x: 900, y: 0 } },
    ],
    connections: [
      { id: 'e1', source: 'start', target: 'oi' },
      { id: 'e2', source: 'oi', target: 'menu' },
      { id: 'e3', source: 'menu', sourceHandle: 'a1', target: 'fila' },
    ],
  }), now);
  for (const c of CHANNELS) {
    await db().send(new PutCommand({
      TableName: table(),
      Item: { ...keys.whatsapp(companyId, c.id), id: c.id, companyId, name: `Canal ${c.channel}`, channel: c.channel, status: 'CONNECTED', queueIds: [suporte.id], flowIdWelcome: flowId, flowIdNotPhrase: null, greetingMessage: '', complationMessage: '', outOfHoursMessage: '', ratingMessage: '', isDefault: false, allowGroups: false, provider: c.provider, createdAt: now, updatedAt: now },
    }));
  }
}, 60_000);

describe('a welcome flow on the official channels', () => {
  for (const c of CHANNELS) {
    it(`${c.channel}: the flow greets and shows its menu in the conversation; the answer puts the ticket in its queue`, async () => {
      const chat = c.chat();
      const first = text(companyId, c.id, chat, 'Oi', { contactName: 'Carla Mendes' }) as Extract<InboundEnvelope, { kind: 'message' }>;
      expect(await runInbound([first])).toEqual({ batchItemFailures: [] });
      const { ticketId } = (await findExternalRef(companyId, c.id, first.externalId))!;
      expect(await flowSaid(ticketId, 2)).toEqual([`Olá Carla! Você escreveu pelo canal Canal ${c.channel}.`, MENU]);
      expect((await getTicket(companyId, ticketId))!.flowState).toMatchObject({ nodeId: 'menu', waiting: 'menu' });

      // A redelivery of the same webhook message runs nothing again.
      expect(await runInbound([first], 2)).toEqual({ batchItemFailures: [] });
      const answer = text(companyId, c.id, chat, '1', { contactName: 'Carla Mendes' });
      expect(await runInbound([answer])).toEqual({ batchItemFailures: [] });
      const t = await until('the ticket in Suporte', async () => {
        const x = (await getTicket(companyId, ticketId))!;
        return x.queueId === suporte.id && !x.flowState ? x : undefined;
      }, 15_000);
      expect(t).toMatchObject({ queueId: suporte.id, status: 'pending' });
      expect(await flowSaid(ticketId, 2)).toHaveLength(2);
    });
  }
});
