import { z, type ZodType } from 'zod';
import { IdParam } from '@conversa/shared/schemas/common';
import { ChatbotOptionBody, CompanySchedulesBody, ListChatbotQuery, ListQueuesQuery, QueueBody, QueueOptionFileBody, UpdateChatbotOptionBody, UpdateQueueBody } from '@conversa/shared/schemas/queues';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { companySchedules, setCompanySchedules } from '../domain/queues/company-schedules';
import { attachOptionFile, createOption, deleteOption, editOption, findOption, listOptions } from '../domain/queues/manage-chatbot';
import { createQueue, deleteQueue, editQueue, findQueue, listCompanyQueues } from '../domain/queues/manage-queues';

/** JSON nested deeper than this is refused before the (recursive) tree schema walks it. */
const MAX_NESTING = 64;

function nestedWithin(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > max) return false;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return true;
}

/** A body holding an option tree: a deeply nested one is a validation error, not a stack overflow. */
const treeBody = <S extends ZodType>(schema: S) => z.unknown().refine((v) => nestedWithin(v, MAX_NESTING), 'nested too deeply').pipe(schema);

export const handler = groupHandler('queues', {
  'GET /queue': endpoint({ query: ListQueuesQuery }, async ({ auth }) => listCompanyQueues(auth)),
  'GET /queue/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findQueue(auth, params.id)),
  'POST /queue': endpoint({ body: treeBody(QueueBody) }, async ({ auth, body }) => reply({ status: 201, body: await createQueue(auth, body) })),
  'PUT /queue/{id}': endpoint({ params: IdParam, body: treeBody(UpdateQueueBody) }, async ({ auth, params, body }) => editQueue(auth, params.id, body)),
  'DELETE /queue/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await deleteQueue(auth, params.id);
    return reply({ status: 204 });
  }),
  'GET /chatbot': endpoint({ query: ListChatbotQuery }, async ({ auth, query }) => listOptions(auth, query.queueId)),
  'GET /chatbot/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findOption(auth, params.id)),
  'POST /chatbot': endpoint({ body: ChatbotOptionBody }, async ({ auth, body }) => reply({ status: 201, body: await createOption(auth, body) })),
  'PUT /chatbot/{id}': endpoint({ params: IdParam, body: UpdateChatbotOptionBody }, async ({ auth, params, body }) => editOption(auth, params.id, body)),
  'DELETE /chatbot/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await deleteOption(auth, params.id);
    return reply({ status: 204 });
  }),
  'POST /queue-options/{id}/file': endpoint({ params: IdParam, body: QueueOptionFileBody }, async ({ auth, params, body }) => attachOptionFile(auth, params.id, body)),
  'GET /companies/{id}/schedules': endpoint({ params: IdParam }, async ({ auth, params }) => companySchedules(auth, params.id)),
  'PUT /companies/{id}/schedules': endpoint({ params: IdParam, body: CompanySchedulesBody }, async ({ auth, params, body }) => setCompanySchedules(auth, params.id, body)),
});
