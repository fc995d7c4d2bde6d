import { z } from 'zod';
import { IdParam } from '@conversa/shared/schemas/common';
import { ConnectionsQuery, CreateConnectionBody, UpdateConnectionBody } from '@conversa/shared/schemas/connections';
import { SandboxInboundBody, SandboxScanBody } from '@conversa/shared/schemas/sandbox';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { connectionOut, createConnection, deleteConnection, editConnection, findConnection, listCompanyConnections, requestSession, restartSessions } from '../domain/connections/manage-connections';
import { playCustomer, sandboxOutbox, scanSandboxQr } from '../domain/connections/sandbox';
import { PageQuery } from '@conversa/shared/schemas/common';
import { connectFacebook } from '../domain/connections/connect-facebook';

/** POST /facebook (spec 2 §7): what Meta's login dialog hands the SPA. */
const FacebookLoginBody = z.object({ facebookUserId: z.string().regex(/^\d{1,30}$/), facebookUserToken: z.string().min(10).max(1000).regex(/^[A-Za-z0-9_|.-]+$/), addInstagram: z.boolean().optional() }).strict();

const WhatsappIdParam = z.object({ whatsappId: IdParam.shape.id });

export const handler = groupHandler('connections', {
  'GET /whatsapp': endpoint({ query: ConnectionsQuery }, async ({ auth }) => (await listCompanyConnections(auth)).map((c) => connectionOut(c, auth))),
  'GET /whatsapp/{id}': endpoint({ params: IdParam, query: ConnectionsQuery }, async ({ auth, params }) => connectionOut(await findConnection(auth, params.id), auth)),
  'POST /whatsapp': endpoint({ body: CreateConnectionBody }, async ({ auth, body }) => reply({ status: 201, body: connectionOut(await createConnection(auth, body), auth) })),
  'PUT /whatsapp/{id}': endpoint({ params: IdParam, body: UpdateConnectionBody }, async ({ auth, params, body }) => connectionOut(await editConnection(auth, params.id, body), auth)),
  'DELETE /whatsapp/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await deleteConnection(auth, params.id);
    return reply({ status: 204 });
  }),
  'POST /whatsappsession/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => connectionOut(await requestSession(auth, params.id, 'run'), auth)),
  'PUT /whatsappsession/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => connectionOut(await requestSession(auth, params.id, 'newqr'), auth)),
  'DELETE /whatsappsession/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => connectionOut(await requestSession(auth, params.id, 'stop'), auth)),
  'POST /whatsapp-restart': endpoint({}, async ({ auth }) => ({ restarted: await restartSessions(auth), message: 'Aguarde... Suas conexões serão reiniciadas!' })),
  'POST /facebook': endpoint({ body: FacebookLoginBody }, async ({ auth, body }) => (await connectFacebook(auth, body)).map((c) => connectionOut(c, auth))),
  'POST /sandbox/{whatsappId}/scan': endpoint({ params: WhatsappIdParam, body: SandboxScanBody }, async ({ auth, params, body }) => {
    await scanSandboxQr(auth, params.whatsappId, body.qrcode);
    return reply({ status: 202, body: { scanned: true } });
  }),
  'GET /sandbox/{whatsappId}/outbox': endpoint({ params: WhatsappIdParam, query: PageQuery }, async ({ auth, params, query }) => sandboxOutbox(auth, params.whatsappId, query.cursor, query.limit ?? 50)),
  'POST /sandbox/{whatsappId}/inbound': endpoint({ params: WhatsappIdParam, body: SandboxInboundBody }, async ({ auth, params, body }) => reply({ status: 202, body: await playCustomer(auth, params.whatsappId, body) })),
});
