/**
 * The route table: one list read by the CDK (API Gateway routes, one Lambda per group), by the
 * local gateway, and by the tenant-isolation and bad-input harnesses. Pure data, no handlers.
 */
import { PAID_PLAN, type Action, type PlanGate } from '@conversa/shared/roles';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type Group = 'auth' | 'users' | 'settings' | 'platform' | 'connections' | 'webhooks' | 'messages' | 'tickets' | 'contacts' | 'queues' | 'ratings' | 'audit' | 'billing' | 'companies' | 'content' | 'schedules' | 'tags' | 'lists' | 'campaigns' | 'flows';

export type RouteDef = {
  method: Method;
  /** API Gateway syntax: `/users/{id}`. */
  path: string;
  group: Group;
  /** No token needed. */
  public?: true;
  /** The permission the caller needs (roles.ts); absent = any signed-in user. */
  action?: Action;
  plan?: PlanGate;
  /** Reachable while the subscription is overdue. */
  overdueOk?: true;
};

const FLOWS: PlanGate = { flag: 'useShowFlowBuilder', tiers: ['ultimate'] };

export const ROUTES: readonly RouteDef[] = [
  // auth (spec 1 §7)
  { method: 'POST', path: '/auth/login', group: 'auth', public: true },
  { method: 'POST', path: '/auth/refresh_token', group: 'auth', public: true },
  { method: 'DELETE', path: '/auth/logout', group: 'auth', public: true },
  { method: 'GET', path: '/auth/me', group: 'auth', overdueOk: true },
  { method: 'POST', path: '/auth/signup', group: 'auth', public: true },
  // the optional TOTP second factor (BEHAVIOUR.md "Security defaults"): the login's second step, and the user's own setup
  { method: 'POST', path: '/auth/2fa/enrol', group: 'auth', public: true },
  { method: 'POST', path: '/auth/2fa/verify', group: 'auth', public: true },
  { method: 'POST', path: '/auth/2fa/setup', group: 'auth', overdueOk: true },
  { method: 'POST', path: '/auth/2fa/enable', group: 'auth', overdueOk: true },
  { method: 'POST', path: '/auth/2fa/disable', group: 'auth', overdueOk: true },
  { method: 'POST', path: '/forgetpassword/{email}', group: 'auth', public: true },
  { method: 'POST', path: '/resetpasswords/{email}/{token}/{newPassword}', group: 'auth', public: true },
  // users (spec 1 §5, spec 2 §5)
  { method: 'GET', path: '/users', group: 'users', action: 'users:manage' },
  { method: 'GET', path: '/users/list', group: 'users', action: 'users:list' },
  { method: 'GET', path: '/users/{id}', group: 'users', action: 'users:read-self' },
  { method: 'POST', path: '/users', group: 'users', action: 'users:manage' },
  { method: 'PUT', path: '/users/{id}', group: 'users', action: 'users:read-self' },
  { method: 'DELETE', path: '/users/{id}', group: 'users', action: 'users:manage' },
  { method: 'DELETE', path: '/users/{id}/2fa', group: 'users', action: 'users:manage' },
  // settings (spec 1 §3)
  { method: 'GET', path: '/settings', group: 'settings', action: 'settings:read' },
  { method: 'GET', path: '/settings/{key}', group: 'settings', action: 'settings:read', overdueOk: true },
  { method: 'PUT', path: '/settings/{key}', group: 'settings', action: 'settings:write' },
  // the payment certificate panel (spec 2 §2, §5): the Efí .p12 and the Pix webhook's registration, super admin only
  { method: 'POST', path: '/settings/cert-upload', group: 'settings', action: 'payments:manage' },
  { method: 'GET', path: '/settings/payment-certificate', group: 'settings', action: 'payments:manage' },
  { method: 'POST', path: '/settings/payment-webhook', group: 'settings', action: 'payments:manage' },
  // platform
  { method: 'GET', path: '/version', group: 'platform', public: true },
  { method: 'GET', path: '/plans/list', group: 'platform', public: true },
  { method: 'GET', path: '/companies/listPlan/{id}', group: 'platform', overdueOk: true },
  // connections and sessions (spec 2 "Connections list", spec 1 §7)
  { method: 'GET', path: '/whatsapp', group: 'connections' },
  { method: 'GET', path: '/whatsapp/{id}', group: 'connections' },
  { method: 'POST', path: '/whatsapp', group: 'connections', action: 'connections:manage' },
  { method: 'PUT', path: '/whatsapp/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'DELETE', path: '/whatsapp/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'POST', path: '/whatsappsession/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'PUT', path: '/whatsappsession/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'DELETE', path: '/whatsappsession/{id}', group: 'connections', action: 'connections:manage' },
  { method: 'POST', path: '/whatsapp-restart', group: 'connections', action: 'connections:manage' },
  { method: 'POST', path: '/facebook', group: 'connections', action: 'connections:manage', plan: { flag: 'useFacebook' } },
  // the sandbox channel's phone (DESIGN.md "Channels")
  { method: 'POST', path: '/sandbox/{whatsappId}/scan', group: 'connections', action: 'connections:manage' },
  { method: 'POST', path: '/sandbox/{whatsappId}/inbound', group: 'connections', action: 'connections:manage' },
  { method: 'GET', path: '/sandbox/{whatsappId}/outbox', group: 'connections', action: 'connections:manage' },
  // tickets, tags on tickets, dashboard (spec 1 §2, §4, §7)
  { method: 'GET', path: '/tickets', group: 'tickets' },
  { method: 'GET', path: '/tickets/{id}', group: 'tickets' },
  { method: 'GET', path: '/tickets/u/{uuid}', group: 'tickets' },
  { method: 'POST', path: '/tickets', group: 'tickets' },
  { method: 'PUT', path: '/tickets/{id}', group: 'tickets' },
  { method: 'DELETE', path: '/tickets/{id}', group: 'tickets', action: 'ticket-options:deleteTicket' },
  { method: 'PUT', path: '/tickets/presence/{ticketId}', group: 'tickets' },
  { method: 'POST', path: '/creatGroupAndTicket', group: 'tickets', plan: { tiers: ['ultimate'] } },
  { method: 'GET', path: '/creatGroupAndTicket/{requestId}', group: 'tickets', plan: { tiers: ['ultimate'] } },
  { method: 'PUT', path: '/ticket-tags/{ticketId}/{tagId}', group: 'tickets' },
  { method: 'DELETE', path: '/ticket-tags/{ticketId}', group: 'tickets' },
  { method: 'POST', path: '/tags/sync', group: 'tickets' },
  { method: 'GET', path: '/tags/list', group: 'tickets' },
  // the kanban board (spec 3 "Campaign kanban board", §4 "Kanban move between lanes"), on the paid plans; tickets by tag
  { method: 'GET', path: '/ticket/kanban', group: 'tickets', plan: PAID_PLAN },
  { method: 'POST', path: '/ticket/kanban/{ticketId}/move', group: 'tickets', plan: PAID_PLAN },
  { method: 'GET', path: '/api/ticket/ListByTagIsAuth/{tagId}', group: 'tickets' },
  { method: 'GET', path: '/dashboard', group: 'tickets', action: 'dashboard:view' },
  { method: 'GET', path: '/dashboard/ticketsUsers', group: 'tickets', action: 'dashboard:view' },
  { method: 'GET', path: '/dashboard/ticketsDay', group: 'tickets', action: 'dashboard:view' },
  // messages and quick replies (spec 1 §2, §4, §7; spec 3 §6)
  { method: 'GET', path: '/messages/{ticketId}', group: 'messages' },
  { method: 'POST', path: '/messages/{ticketId}', group: 'messages' },
  { method: 'POST', path: '/messages/upload', group: 'messages' },
  { method: 'POST', path: '/messages/edit/{id}', group: 'messages' },
  { method: 'PUT', path: '/messages/{id}', group: 'messages' },
  { method: 'DELETE', path: '/messages/{id}', group: 'messages' },
  { method: 'POST', path: '/messages/transcription/{id}', group: 'messages' },
  { method: 'POST', path: '/messages/{id}/react', group: 'messages' },
  { method: 'POST', path: '/messages/{ticketId}/read', group: 'messages' },
  { method: 'GET', path: '/messages-allMe', group: 'messages' },
  { method: 'GET', path: '/quick-messages', group: 'messages' },
  { method: 'GET', path: '/quick-messages/list', group: 'messages' },
  { method: 'GET', path: '/quick-messages/{id}', group: 'messages' },
  { method: 'POST', path: '/quick-messages', group: 'messages' },
  { method: 'PUT', path: '/quick-messages/{id}', group: 'messages' },
  { method: 'DELETE', path: '/quick-messages/{id}', group: 'messages' },
  // contacts and ticket notes (spec 1 §7, spec 2 "Contacts list")
  { method: 'GET', path: '/contacts', group: 'contacts' },
  { method: 'GET', path: '/contacts/list', group: 'contacts' },
  { method: 'GET', path: '/contacts/export', group: 'contacts', action: 'contacts:import-export' },
  { method: 'GET', path: '/contacts/{id}', group: 'contacts' },
  { method: 'POST', path: '/contacts', group: 'contacts' },
  { method: 'PUT', path: '/contacts/{id}', group: 'contacts' },
  { method: 'DELETE', path: '/contacts/all', group: 'contacts', action: 'contacts:import-export' },
  { method: 'DELETE', path: '/contacts/{id}', group: 'contacts', action: 'contacts-page:deleteContact' },
  { method: 'PUT', path: '/contacts/block/{id}', group: 'contacts', action: 'contacts-page:deleteContact' },
  { method: 'PUT', path: '/contacts/toggleAcceptAudio/{id}', group: 'contacts' },
  { method: 'POST', path: '/contacts/upload', group: 'contacts', action: 'contacts:import-export' },
  { method: 'GET', path: '/contacts/upload/{jobId}', group: 'contacts', action: 'contacts:import-export' },
  { method: 'POST', path: '/contacts/import/chats', group: 'contacts', action: 'contacts:import-export' },
  { method: 'POST', path: '/contacts/by-number', group: 'contacts' },
  { method: 'POST', path: '/ticket-notes', group: 'contacts' },
  { method: 'DELETE', path: '/ticket-notes/{id}', group: 'contacts' },
  { method: 'GET', path: '/ticket-notes/list', group: 'contacts' },
  // queues, chatbot option trees, working hours (spec 2 "Queue modal", §7; spec 3 "Queues list")
  { method: 'GET', path: '/queue', group: 'queues' },
  { method: 'GET', path: '/queue/{id}', group: 'queues' },
  { method: 'POST', path: '/queue', group: 'queues', action: 'queues:manage' },
  { method: 'PUT', path: '/queue/{id}', group: 'queues', action: 'queues:manage' },
  { method: 'DELETE', path: '/queue/{id}', group: 'queues', action: 'queues:manage' },
  { method: 'GET', path: '/chatbot', group: 'queues', action: 'queues:manage' },
  { method: 'GET', path: '/chatbot/{id}', group: 'queues', action: 'queues:manage' },
  { method: 'POST', path: '/chatbot', group: 'queues', action: 'queues:manage' },
  { method: 'PUT', path: '/chatbot/{id}', group: 'queues', action: 'queues:manage' },
  { method: 'DELETE', path: '/chatbot/{id}', group: 'queues', action: 'queues:manage' },
  { method: 'POST', path: '/queue-options/{id}/file', group: 'queues', action: 'queues:manage' },
  { method: 'GET', path: '/companies/{id}/schedules', group: 'queues', action: 'settings:write' },
  { method: 'PUT', path: '/companies/{id}/schedules', group: 'queues', action: 'settings:write' },
  // ratings and the satisfaction dashboard (spec 3 "Ratings list", "Satisfaction dashboard", §7; spec 1 §7)
  { method: 'GET', path: '/ratings', group: 'ratings', action: 'ratings:manage' },
  { method: 'GET', path: '/ratings/list', group: 'ratings' },
  { method: 'GET', path: '/ratings/{id}', group: 'ratings', action: 'ratings:manage' },
  { method: 'POST', path: '/ratings', group: 'ratings', action: 'ratings:manage' },
  { method: 'PUT', path: '/ratings/{id}', group: 'ratings', action: 'ratings:manage' },
  { method: 'DELETE', path: '/ratings/{id}', group: 'ratings', action: 'ratings:manage' },
  { method: 'POST', path: '/ratings/messages/{ticketId}', group: 'ratings' },
  { method: 'GET', path: '/satisfaction', group: 'ratings', action: 'ratings:manage' },
  // scheduled messages (spec 3 "Schedules page", §5, §7 "Schedules"), on plans with useSchedules
  { method: 'GET', path: '/schedules', group: 'schedules', plan: { flag: 'useSchedules' } },
  { method: 'GET', path: '/schedules/{id}', group: 'schedules', plan: { flag: 'useSchedules' } },
  { method: 'POST', path: '/schedules', group: 'schedules', plan: { flag: 'useSchedules' } },
  { method: 'PUT', path: '/schedules/{id}', group: 'schedules', plan: { flag: 'useSchedules' } },
  { method: 'DELETE', path: '/schedules/{id}', group: 'schedules', plan: { flag: 'useSchedules' } },
  { method: 'POST', path: '/schedules/{id}/media-upload', group: 'schedules', plan: { flag: 'useSchedules' } },
  { method: 'DELETE', path: '/schedules/{id}/media-upload', group: 'schedules', plan: { flag: 'useSchedules' } },
  // tags and lanes (spec 3 "Tags list", "Lanes screen", §5, §7 "Queues and tags"): any user; lanes (kanban 1) only on
  // the paid plans, checked on the writes (a plain tag is on every plan); GET /tags is also the flow dialogs' list
  { method: 'GET', path: '/tags', group: 'tags' },
  { method: 'GET', path: '/tags/kanban', group: 'tags', plan: PAID_PLAN },
  { method: 'GET', path: '/tags/{id}', group: 'tags' },
  { method: 'POST', path: '/tags', group: 'tags' },
  { method: 'PUT', path: '/tags/{id}', group: 'tags' },
  { method: 'DELETE', path: '/tags/{id}', group: 'tags' },
  { method: 'POST', path: '/tags/{id}/media-upload', group: 'tags' },
  { method: 'DELETE', path: '/tags/{id}/media-upload', group: 'tags' },
  // contact lists and their items (spec 3 "Contact lists page", "Contact list items page", §5, §6, §7 "Contact lists"), on plans with useCampaigns
  { method: 'GET', path: '/contact-lists', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/contact-lists/list', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/contact-lists/{id}', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'POST', path: '/contact-lists', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'PUT', path: '/contact-lists/{id}', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'DELETE', path: '/contact-lists/{id}', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'POST', path: '/contact-lists/{id}/upload', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/contact-lists/{id}/upload/{jobId}', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/contact-list-items', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/contact-list-items/{id}', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'POST', path: '/contact-list-items', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'PUT', path: '/contact-list-items/{id}', group: 'lists', plan: { flag: 'useCampaigns' } },
  { method: 'DELETE', path: '/contact-list-items/{id}', group: 'lists', action: 'contacts-page:deleteContact', plan: { flag: 'useCampaigns' } },
  // the flow builder and its triggers (spec 3 "Flow manager list", "Flow editor", §5, §7 "Flows"; BEHAVIOUR.md "Flows"): admins, on plans with useShowFlowBuilder
  { method: 'GET', path: '/flowbuilder', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'POST', path: '/flowbuilder', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'PUT', path: '/flowbuilder', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'DELETE', path: '/flowbuilder/{id}', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'POST', path: '/flowbuilder/duplicate', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'GET', path: '/flowbuilder/flow/{id}', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'POST', path: '/flowbuilder/flow', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'PUT', path: '/flowbuilder/importFlow/{id}', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'GET', path: '/flowbuilder/exportFlow/{id}', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'POST', path: '/flowbuilder/img', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'POST', path: '/flowbuilder/audio', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'POST', path: '/flowbuilder/documents', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'POST', path: '/flowbuilder/content', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'GET', path: '/flowbuilder/file', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'POST', path: '/httpRequestTest', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'GET', path: '/flowcampaign', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'GET', path: '/flowcampaign/{id}', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'POST', path: '/flowcampaign', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'PUT', path: '/flowcampaign/{id}', group: 'flows', action: 'flows:manage', plan: FLOWS },
  { method: 'DELETE', path: '/flowcampaign/{id}', group: 'flows', action: 'flows:manage', plan: FLOWS },
  // a ticket inside a flow: the agent stops it (BEHAVIOUR "Flows"; tickets group: any user who may see the ticket)
  { method: 'DELETE', path: '/tickets/{id}/flow', group: 'tickets' },
  // campaigns, their settings and report (spec 3 "Campaigns page", §3, §4, §5, §7 "Campaigns"; BEHAVIOUR.md "Campaigns"): admins, on plans with useCampaigns
  { method: 'GET', path: '/campaigns', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/campaigns/templates', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/campaigns/{id}', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'POST', path: '/campaigns', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'PUT', path: '/campaigns/{id}', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'DELETE', path: '/campaigns/{id}', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'POST', path: '/campaigns/{id}/clone', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'POST', path: '/campaigns/{id}/media-upload', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'DELETE', path: '/campaigns/{id}/media-upload', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'POST', path: '/campaigns/{id}/cancel', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'POST', path: '/campaigns/{id}/restart', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/campaigns/{id}/recipients', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/campaigns/{id}/report.csv', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'GET', path: '/campaign-settings', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  { method: 'POST', path: '/campaign-settings', group: 'campaigns', action: 'campaigns:manage', plan: { flag: 'useCampaigns' } },
  // the audit log of administrative changes (BEHAVIOUR.md "Security defaults"), on every plan
  { method: 'GET', path: '/audit', group: 'audit', action: 'audit:read' },
  // invoices, the Pix checkout and the payment webhook (spec 2 "Invoices list", "Checkout wizard", §7; BEHAVIOUR.md "Billing"):
  // an overdue company reaches them to pay; the webhook is authenticated by the secret in its path
  { method: 'GET', path: '/invoices/all', group: 'billing', action: 'invoices:manage', overdueOk: true },
  { method: 'POST', path: '/subscription', group: 'billing', action: 'invoices:manage', overdueOk: true },
  { method: 'POST', path: '/subscription/sandbox/{txid}/pay', group: 'billing', action: 'payments:simulate', overdueOk: true },
  { method: 'POST', path: '/webhooks/pix/{token}', group: 'billing', public: true },
  // companies and plans, run by the super admin (spec 2 "Companies list", Settings > Companies and Plans, §7)
  { method: 'GET', path: '/plans', group: 'companies', action: 'plans:manage' },
  { method: 'GET', path: '/plans/{id}', group: 'companies', action: 'plans:manage' },
  { method: 'POST', path: '/plans', group: 'companies', action: 'plans:manage' },
  { method: 'PUT', path: '/plans/{id}', group: 'companies', action: 'plans:manage' },
  { method: 'DELETE', path: '/plans/{id}', group: 'companies', action: 'plans:manage' },
  { method: 'GET', path: '/companies', group: 'companies', action: 'companies:manage' },
  { method: 'GET', path: '/companies/list', group: 'companies', action: 'companies:manage' },
  { method: 'GET', path: '/companiesPlan', group: 'companies', action: 'companies:manage' },
  { method: 'GET', path: '/companies/{id}', group: 'companies', action: 'companies:manage' },
  { method: 'GET', path: '/companies/{id}/deletion', group: 'companies', action: 'companies:manage' },
  { method: 'POST', path: '/companies', group: 'companies', action: 'companies:manage' },
  { method: 'PUT', path: '/companies/{id}', group: 'companies', action: 'companies:manage' },
  { method: 'DELETE', path: '/companies/{id}', group: 'companies', action: 'companies:manage' },
  // platform content (issue 20): branding (spec 2 "Settings page", §5, §7), helps (spec 2 §7), announcements (spec 3 §7), the company backup (spec 3 "Other settings page")
  { method: 'POST', path: '/settings/media-upload', group: 'content', action: 'branding:manage' },
  { method: 'POST', path: '/settings/doc-upload', group: 'content', action: 'branding:manage' },
  { method: 'GET', path: '/branding', group: 'content', public: true },
  { method: 'GET', path: '/helps', group: 'content' },
  { method: 'GET', path: '/helps/list', group: 'content' },
  { method: 'POST', path: '/helps', group: 'content', action: 'helps:manage' },
  { method: 'PUT', path: '/helps/{id}', group: 'content', action: 'helps:manage' },
  { method: 'DELETE', path: '/helps/{id}', group: 'content', action: 'helps:manage' },
  { method: 'GET', path: '/announcements', group: 'content', action: 'announcements:manage' },
  { method: 'GET', path: '/announcements/list', group: 'content', overdueOk: true },
  { method: 'GET', path: '/announcements/{id}', group: 'content', action: 'announcements:manage' },
  { method: 'POST', path: '/announcements', group: 'content', action: 'announcements:manage' },
  { method: 'PUT', path: '/announcements/{id}', group: 'content', action: 'announcements:manage' },
  { method: 'DELETE', path: '/announcements/{id}', group: 'content', action: 'announcements:manage' },
  { method: 'POST', path: '/announcements/{id}/media-upload', group: 'content', action: 'announcements:manage' },
  { method: 'DELETE', path: '/announcements/{id}/media-upload', group: 'content', action: 'announcements:manage' },
  { method: 'POST', path: '/announcements/{id}/read', group: 'content', overdueOk: true },
  { method: 'POST', path: '/backup-database', group: 'content', action: 'backup:request' },
  { method: 'GET', path: '/backup-database/{jobId}', group: 'content', action: 'backup:request' },
  // Meta webhooks (DESIGN.md "Channels"): verification GET and signed POSTs, no token
  { method: 'GET', path: '/webhooks/wppoficial', group: 'webhooks', public: true },
  { method: 'POST', path: '/webhooks/wppoficial', group: 'webhooks', public: true },
  { method: 'GET', path: '/webhooks/facebook', group: 'webhooks', public: true },
  { method: 'POST', path: '/webhooks/facebook', group: 'webhooks', public: true },
  { method: 'GET', path: '/webhooks/instagram', group: 'webhooks', public: true },
  { method: 'POST', path: '/webhooks/instagram', group: 'webhooks', public: true },
];

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

export const GROUPS: readonly Group[] = [...new Set(ROUTES.map((r) => r.group))];

/** Paths whose answer does not depend on the caller's company (nothing to isolate). */
export const COMPANY_AGNOSTIC = new Set(['GET /version', 'GET /plans/list', 'GET /branding', 'GET /helps', 'GET /helps/list']);
