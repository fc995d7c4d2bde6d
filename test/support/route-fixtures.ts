/**
 * For every route of the table: how to fill its path parameters with a company's resources and a
 * valid body. The tenant-isolation and bad-input harnesses run over ROUTES with these; a route
 * without a fixture fails the harness, so a new route comes with its fixture.
 */
export type Tenant = {
  companyId: number;
  /** A sandbox connection of the company. */
  whatsappId: number;
  /** A ticket of the company (a customer wrote on the sandbox connection). */
  ticketId: number;
  /** The customer of that ticket. */
  contactId: number;
  /** The customer's first message on that ticket (its id within the ticket). */
  messageId: string;
  adminId: number;
  adminEmail: string;
  /** A second user of the company (an agent). */
  userId: number;
  userEmail: string;
  /** A company-wide quick reply of the company (made by the admin). */
  quickMessageId: number;
  /** The company's general rating (made by the admin). */
  ratingId: number;
  /** A pending scheduled message of the company, to the ticket's customer, far in the future. */
  scheduleId: number;
  /** A queue of the company (not attached to the connection) and one chatbot option of it. */
  queueId: number;
  chatbotId: number;
  /** A lane of the company (kanban 1, no tickets), made by the admin. */
  tagId: number;
  /** A contact list of the company and one item on it. */
  contactListId: number;
  contactListItemId: number;
  /** A campaign of the company (INATIVA: that list, the sandbox connection, one message). */
  campaignId: number;
  /** A flow of the company (saved once: a start node and an image node), one stored flow file of it, and a phrase trigger (off) on the connection. */
  flowId: number;
  flowFile: string;
  flowTriggerId: number;
  /** Files the company's admin uploaded (presigned PUT): a PNG image, a CSV contacts sheet, a 300×200 PNG logo, a PDF and an MP4. */
  uploads: { image: string; sheet: string; logo: string; pdf: string; video: string };
};

export type Fixture = {
  params?: (t: Tenant) => Record<string, string>;
  /** A query string the route needs (`?ref=login`), appended to the path; a function when it names the tenant's resources. */
  query?: string | ((t: Tenant) => string);
  body?: (t: Tenant) => Record<string, unknown>;
  /** A 2xx answer is correct for another company's token (it acts on the caller's own data). */
  ownData?: true;
  /**
   * Routes whose body names a stored file (a storage key): a valid body naming `key`, a file of the
   * given kind. The tenant harness sends it with the caller's own resources and another company's
   * file (refused), and with the caller's own file (accepted).
   */
  storedFile?: {
    kind: keyof Tenant['uploads'];
    body: (t: Tenant, key: string) => Record<string, unknown>;
    /**
     * A super-only route: the harness makes the "own file" call as the platform's super admin
     * (company C's admin is refused whatever the file), on the path `superCall` answers (it may
     * create what the path names, with the super admin's client).
     */
    superCall?: (sup: import('./api').Client) => Promise<{ params?: Record<string, string> }>;
  };
};

const uniq = () => Math.random().toString(36).slice(2, 10);

import { CONTACTS_FIXTURES } from './fixtures/contacts';
import { MESSAGES_FIXTURES } from './fixtures/messages';
import { TICKETS_FIXTURES } from './fixtures/tickets';
import { QUEUES_FIXTURES } from './fixtures/queues';
import { RATINGS_FIXTURES } from './fixtures/ratings';
import { SCHEDULES_FIXTURES } from './fixtures/schedules';
import { PAYMENTS_FIXTURES } from './fixtures/payments';
import { BILLING_FIXTURES } from './fixtures/billing';
import { COMPANIES_FIXTURES } from './fixtures/companies';
import { CONTENT_FIXTURES } from './fixtures/content';
import { TAGS_FIXTURES } from './fixtures/tags';
import { LISTS_FIXTURES } from './fixtures/lists';
import { CAMPAIGNS_FIXTURES } from './fixtures/campaigns';
import { FLOWS_FIXTURES } from './fixtures/flows';
import { FLOW_RUNTIME_FIXTURES } from './fixtures/flow-runtime';

export const FIXTURES: Record<string, Fixture> = {
  ...TICKETS_FIXTURES,
  ...MESSAGES_FIXTURES,
  ...CONTACTS_FIXTURES,
  ...QUEUES_FIXTURES,
  ...RATINGS_FIXTURES,
  ...SCHEDULES_FIXTURES,
  ...PAYMENTS_FIXTURES,
  ...BILLING_FIXTURES,
  ...COMPANIES_FIXTURES,
  ...CONTENT_FIXTURES,
  ...TAGS_FIXTURES,
  ...LISTS_FIXTURES,
  ...CAMPAIGNS_FIXTURES,
  ...FLOWS_FIXTURES,
  ...FLOW_RUNTIME_FIXTURES,
  'POST /auth/login': { body: () => ({ email: 'admin@demo.local', password: 'wrong-password' }), ownData: true },
  'POST /auth/refresh_token': { ownData: true },
  'DELETE /auth/logout': { ownData: true },
  'GET /auth/me': { ownData: true },
  'POST /auth/signup': { body: () => ({ companyName: `Empresa ${uniq()}`, name: 'Fulano', email: `${uniq()}@example.test`, password: 'Conversa123', phone: '11999990000', planId: 2 }), ownData: true },
  'POST /forgetpassword/{email}': { params: (t) => ({ email: t.userEmail }), ownData: true },
  'POST /resetpasswords/{email}/{token}/{newPassword}': { params: (t) => ({ email: t.userEmail, token: '123456', newPassword: 'Tentativa123' }) },
  'POST /auth/2fa/enrol': { body: () => ({ challenge: 'not-a-challenge-not-a-challenge' }), ownData: true },
  'POST /auth/2fa/verify': { body: () => ({ challenge: 'not-a-challenge-not-a-challenge', code: '123456' }), ownData: true },
  'POST /auth/2fa/setup': { ownData: true },
  'POST /auth/2fa/enable': { body: () => ({ code: '123456' }), ownData: true },
  'POST /auth/2fa/disable': { body: () => ({ code: '123456' }), ownData: true },
  'DELETE /users/{id}/2fa': { params: (t) => ({ id: String(t.userId) }) },
  'GET /users': { ownData: true },
  'GET /users/list': { ownData: true },
  'GET /users/{id}': { params: (t) => ({ id: String(t.userId) }) },
  'POST /users': { body: () => ({ name: 'Pessoa Nova', email: `${uniq()}@example.test`, password: 'Conversa123' }), ownData: true },
  'PUT /users/{id}': { params: (t) => ({ id: String(t.userId) }), body: () => ({ name: 'Nome Trocado' }) },
  'DELETE /users/{id}': { params: (t) => ({ id: String(t.userId) }) },
  'GET /settings': { ownData: true },
  'GET /settings/{key}': { params: () => ({ key: 'userRating' }), ownData: true },
  'PUT /settings/{key}': { params: () => ({ key: 'userRating' }), body: () => ({ value: 'enabled' }), ownData: true },
  'GET /version': { ownData: true },
  'GET /audit': { ownData: true },
  'GET /plans/list': { ownData: true },
  'GET /companies/listPlan/{id}': { params: (t) => ({ id: String(t.companyId) }) },
  'GET /whatsapp': { ownData: true },
  'GET /whatsapp/{id}': { params: (t) => ({ id: String(t.whatsappId) }) },
  'POST /whatsapp': { body: () => ({ name: 'Nova conexão', channel: 'sandbox' }), ownData: true },
  'PUT /whatsapp/{id}': { params: (t) => ({ id: String(t.whatsappId) }), body: () => ({ name: 'Nome trocado', greetingMessage: 'Olá' }) },
  'DELETE /whatsapp/{id}': { params: (t) => ({ id: String(t.whatsappId) }) },
  'POST /whatsappsession/{id}': { params: (t) => ({ id: String(t.whatsappId) }) },
  'PUT /whatsappsession/{id}': { params: (t) => ({ id: String(t.whatsappId) }) },
  'DELETE /whatsappsession/{id}': { params: (t) => ({ id: String(t.whatsappId) }) },
  'POST /whatsapp-restart': { ownData: true },
  'POST /facebook': { body: () => ({ facebookUserId: '100000000000001', facebookUserToken: 'EAAB-fixture-token', addInstagram: false }), ownData: true },
  'POST /sandbox/{whatsappId}/scan': { params: (t) => ({ whatsappId: String(t.whatsappId) }) },
  'GET /sandbox/{whatsappId}/outbox': { params: (t) => ({ whatsappId: String(t.whatsappId) }) },
  'POST /sandbox/{whatsappId}/inbound': {
    params: (t) => ({ whatsappId: String(t.whatsappId) }),
    body: () => ({ from: '5511988887777', name: 'Cliente', body: 'Olá' }),
    storedFile: { kind: 'image', body: (_t, key) => ({ from: '5511988887777', name: 'Cliente', body: 'foto', media: { key, mimetype: 'image/png', filename: 'foto.png', mediaType: 'image' } }) },
  },
  // Meta webhooks: public, signed by Meta (no body schema: the raw body is verified, then parsed)
  'GET /webhooks/wppoficial': { ownData: true },
  'POST /webhooks/wppoficial': { ownData: true },
  'GET /webhooks/facebook': { ownData: true },
  'POST /webhooks/facebook': { ownData: true },
  'GET /webhooks/instagram': { ownData: true },
  'POST /webhooks/instagram': { ownData: true },
};

/** A fixture's query string for a tenant ('' when none). */
export const queryOf = (fx: Fixture, t: Tenant): string => (typeof fx.query === 'function' ? fx.query(t) : (fx.query ?? ''));

export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`no fixture value for {${name}} in ${path}`);
    return encodeURIComponent(v);
  });
}
