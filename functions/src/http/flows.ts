import { IdParam } from '@conversa/shared/schemas/common';
import {
  CreateFlowBody, DuplicateFlowBody, FLOW_LIMITS, FlowFileQuery, FlowTriggerBody, FlowUploadBody, ImportFlowBody, ListFlowTriggersQuery, ListFlowsQuery, RenameFlowBody, SaveFlowBody, UpdateFlowTriggerBody,
} from '@conversa/shared/schemas/flows';
import { endpoint, groupHandler } from './endpoint';
import { httpRequestTest } from './flow-http-test';
import { reply } from '../lib/http';
import { flowFileUrl, storeFlowFile, storeFlowFiles } from '../domain/flows/flow-files';
import { createTrigger, findTrigger, listTriggers, removeTrigger, updateTrigger } from '../domain/flows/manage-flow-triggers';
import { createFlow, duplicateFlow, exportFlow, flowDocument, importFlow, listFlowsPage, removeFlow, renameFlow, saveFlow } from '../domain/flows/manage-flows';

/** A flow document's body: up to FLOW_LIMITS.documentBytesMax of JSON, escaped once more inside the import's string. */
const DOCUMENT_BODY = { maxBodyBytes: Math.ceil(FLOW_LIMITS.documentBytesMax * 1.25) };
const keysOf = (body: { medias: { key: string }[] }) => body.medias.map((m) => m.key);

export const handler = groupHandler('flows', {
  'GET /flowbuilder': endpoint({ query: ListFlowsQuery }, async ({ auth, query }) => listFlowsPage(auth, query)),
  'POST /flowbuilder': endpoint({ body: CreateFlowBody }, async ({ auth, body }) => reply({ status: 201, body: await createFlow(auth, body.name) })),
  'PUT /flowbuilder': endpoint({ body: RenameFlowBody }, async ({ auth, body }) => renameFlow(auth, body.flowId, body.name)),
  'DELETE /flowbuilder/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removeFlow(auth, params.id);
    return reply({ status: 204 });
  }),
  'POST /flowbuilder/duplicate': endpoint({ body: DuplicateFlowBody }, async ({ auth, body }) => reply({ status: 201, body: await duplicateFlow(auth, body.flowId) })),
  'GET /flowbuilder/flow/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => flowDocument(auth, params.id)),
  'POST /flowbuilder/flow': endpoint({ body: SaveFlowBody }, async ({ auth, body }) => saveFlow(auth, body), DOCUMENT_BODY),
  'PUT /flowbuilder/importFlow/{id}': endpoint({ params: IdParam, body: ImportFlowBody }, async ({ auth, params, body }) => importFlow(auth, params.id, body.jsonFlow), DOCUMENT_BODY),
  'GET /flowbuilder/exportFlow/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    const file = await exportFlow(auth, params.id);
    return reply({ text: file.text, headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': file.disposition } });
  }),
  'POST /flowbuilder/img': endpoint({ body: FlowUploadBody }, async ({ auth, body }) => storeFlowFile(auth.companyId, 'img', keysOf(body))),
  'POST /flowbuilder/audio': endpoint({ body: FlowUploadBody }, async ({ auth, body }) => storeFlowFile(auth.companyId, 'audio', keysOf(body))),
  'POST /flowbuilder/documents': endpoint({ body: FlowUploadBody }, async ({ auth, body }) => storeFlowFile(auth.companyId, 'documents', keysOf(body))),
  'POST /flowbuilder/content': endpoint({ body: FlowUploadBody }, async ({ auth, body }) => storeFlowFiles(auth.companyId, 'content', keysOf(body))),
  'GET /flowbuilder/file': endpoint({ query: FlowFileQuery }, async ({ auth, query }) => flowFileUrl(auth.companyId, query.name)),
  'GET /flowcampaign': endpoint({ query: ListFlowTriggersQuery }, async ({ auth, query }) => listTriggers(auth, query)),
  'GET /flowcampaign/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findTrigger(auth, params.id)),
  'POST /flowcampaign': endpoint({ body: FlowTriggerBody }, async ({ auth, body }) => reply({ status: 201, body: await createTrigger(auth, body) })),
  'PUT /flowcampaign/{id}': endpoint({ params: IdParam, body: UpdateFlowTriggerBody }, async ({ auth, params, body }) => updateTrigger(auth, params.id, body)),
  'DELETE /flowcampaign/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removeTrigger(auth, params.id);
    return reply({ status: 204 });
  }),
  'POST /httpRequestTest': httpRequestTest,
});
