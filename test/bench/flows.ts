/**
 * The flow runtime (issue 23): DynamoDB units of a customer's message that a flow takes, on the
 * local stack, in this process (the inbound worker's handler). Per menu answer: the whole message
 * (stored message, ticket touch, the flow's replies through the outbound path, the flow state) and
 * the flow state write alone (adapters/db/ticket-flow.ts, the same write on the same ticket: what
 * a step adds). Target (issue 23): ≤ 2 WCU for the state write of a step.
 */
import { FlowGraph } from '@conversa/shared/schemas/flows';
import { putFlow, saveFlowVersion } from '../../functions/src/adapters/db/flows';
import { writeFlowState } from '../../functions/src/adapters/db/ticket-flow';
import { findExternalRef as findExternal } from '../../functions/src/adapters/db/messages';
import { getTicket } from '../../functions/src/adapters/db/tickets';
import { runInbound, text } from '../support/inbound';
import { benchCompany } from './company';

type Units = { read: number; write: number; calls: number };

const g = (nodes: { id: string; type: string; data: Record<string, unknown> }[], edges: [string, string, string?][]) =>
  FlowGraph.parse({ nodes: nodes.map((n, i) => ({ position: { x: i * 300, y: 0 }, ...n })), connections: edges.map(([source, target, sourceHandle]) => ({ source, target, ...(sourceHandle ? { sourceHandle } : {}) })) });

export async function benchFlows(url: string, takeUnits: () => Units, n = 50): Promise<string[]> {
  const { api, cid, auth, whatsappId } = await benchCompany(url, 'Bench Fluxos');
  const now = new Date().toISOString();
  await putFlow({ id: 1, companyId: cid, name: 'Bench', active: true, version: 0, rev: 0, createdAt: now, updatedAt: now });
  await saveFlowVersion(cid, 1, 0, g(
    [
      { id: 'start', type: 'start', data: {} },
      { id: 'menu', type: 'menu', data: { message: 'Escolha {{firstName}}:', arrayOption: [{ number: 1, value: 'Um' }, { number: 2, value: 'Dois' }] } },
      { id: 'q', type: 'question', data: { label: 'Seu nome?', variable: 'nome' } },
      { id: 'm', type: 'message', data: { label: 'Obrigado {{nome}}' } },
    ],
    [['start', 'menu'], ['menu', 'q', 'a1'], ['q', 'm']],
  ), now);
  await fetch(`${api}/whatsapp/${whatsappId}`, { method: 'PUT', headers: auth, body: JSON.stringify({ flowIdWelcome: 1 }) });
  const say = async (from: string, body: string) => {
    const env = text(cid, whatsappId, from, body) as Extract<ReturnType<typeof text>, { kind: 'message' }>;
    const out = await runInbound([env]);
    if (out.batchItemFailures.length) throw new Error('inbound failed');
    return env.externalId;
  };
  const numbers = Array.from({ length: n }, (_, i) => `5531${String(Date.now()).slice(-5)}${String(i).padStart(4, '0')}`);
  for (const from of numbers) await say(from, 'Oi'); // each starts the flow and waits on the menu
  takeUnits();
  const ids: string[] = [];
  const stateOnly: Units = { read: 0, write: 0, calls: 0 };
  for (const from of numbers) ids.push(await say(from, '1'));
  const answer = takeUnits();
  // The same state write alone, on each ticket as it is now (waiting on the question).
  for (const id of ids) {
    const ref = (await findExternal(cid, whatsappId, id))!;
    const t = (await getTicket(cid, ref.ticketId))!;
    takeUnits();
    await writeFlowState(cid, t.id, { expected: t.flowState!, next: { ...t.flowState!, seq: t.flowState!.seq + 1 }, handled: `${t.flowHandled}x` });
    const u = takeUnits();
    stateOnly.read += u.read;
    stateOnly.write += u.write;
    stateOnly.calls += u.calls;
  }
  const f = (x: number) => x.toFixed(2);
  return [
    '',
    `Flows (${n} customers; DynamoDB units per message a flow takes)`,
    '',
    `${'operation'.padEnd(64)} ${'RCU'.padStart(7)} ${'WCU'.padStart(7)} ${'calls'.padStart(6)}`,
    `${'a menu answer, whole (message, ticket, 1 reply via outbound, state)'.padEnd(64)} ${f(answer.read / n).padStart(7)} ${f(answer.write / n).padStart(7)} ${f(answer.calls / n).padStart(6)}`,
    `${'  the flow state write of the step alone (target ≤ 2 WCU)'.padEnd(64)} ${f(stateOnly.read / n).padStart(7)} ${f(stateOnly.write / n).padStart(7)} ${f(stateOnly.calls / n).padStart(6)}`,
  ];
}
