import { IdParam } from '@conversa/shared/schemas/common';
import { EditMessageBody, ListMessagesQuery, MessageIdParam, MessagesAllMeQuery, ReactBody, SendMessageBody, TicketIdParam, UploadRequestBody } from '@conversa/shared/schemas/messages';
import { ListQuickMessagesQuery, QuickMessageBody, UpdateQuickMessageBody } from '@conversa/shared/schemas/quick-messages';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { deleteMessage, editMessage } from '../domain/messages/change-message';
import { countCompanyMessages } from '../domain/messages/count-messages';
import { listMessages } from '../domain/messages/list-messages';
import { reactToMessage } from '../domain/messages/react-to-message';
import { readTicketMessages } from '../domain/messages/read-receipts';
import { sendMessage } from '../domain/messages/send-message';
import { transcribeMessage } from '../domain/messages/transcribe-message';
import { requestUpload } from '../domain/messages/upload-media';
import { createQuick, findQuick, listVisibleQuick, removeQuick, searchQuick, updateQuick } from '../domain/quick-messages/manage-quick-messages';

export const handler = groupHandler('messages', {
  'GET /messages/{ticketId}': endpoint({ params: TicketIdParam, query: ListMessagesQuery }, async ({ auth, params, query }) => listMessages(auth, params.ticketId, query)),
  'POST /messages/{ticketId}': endpoint({ params: TicketIdParam, body: SendMessageBody }, async ({ auth, params, body }) => reply({ status: 201, body: await sendMessage(auth, params.ticketId, body) })),
  'POST /messages/upload': endpoint({ body: UploadRequestBody }, async ({ auth, body }) => reply({ status: 201, body: await requestUpload(auth, body) })),
  'POST /messages/edit/{id}': endpoint({ params: MessageIdParam, body: EditMessageBody }, async ({ auth, params, body }) => editMessage(auth, params.id, body.body)),
  'PUT /messages/{id}': endpoint({ params: MessageIdParam, body: EditMessageBody }, async ({ auth, params, body }) => editMessage(auth, params.id, body.body)),
  'DELETE /messages/{id}': endpoint({ params: MessageIdParam }, async ({ auth, params }) => deleteMessage(auth, params.id)),
  'POST /messages/transcription/{id}': endpoint({ params: MessageIdParam }, async ({ auth, params }) => transcribeMessage(auth, params.id)),
  'POST /messages/{ticketId}/read': endpoint({ params: TicketIdParam }, async ({ auth, params }) => readTicketMessages(auth, params.ticketId)),
  'POST /messages/{id}/react': endpoint({ params: MessageIdParam, body: ReactBody }, async ({ auth, params, body }) => reactToMessage(auth, params.id, body.emoji)),
  'GET /messages-allMe': endpoint({ query: MessagesAllMeQuery }, async ({ auth, query }) => countCompanyMessages(auth, query)),
  'GET /quick-messages': endpoint({ query: ListQuickMessagesQuery }, async ({ auth, query }) => searchQuick(auth, query)),
  'GET /quick-messages/list': endpoint({ query: ListQuickMessagesQuery }, async ({ auth }) => listVisibleQuick(auth)),
  'GET /quick-messages/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findQuick(auth, params.id)),
  'POST /quick-messages': endpoint({ body: QuickMessageBody }, async ({ auth, body }) => reply({ status: 201, body: await createQuick(auth, body) })),
  'PUT /quick-messages/{id}': endpoint({ params: IdParam, body: UpdateQuickMessageBody }, async ({ auth, params, body }) => updateQuick(auth, params.id, body)),
  'DELETE /quick-messages/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removeQuick(auth, params.id);
    return reply({ status: 204 });
  }),
});
