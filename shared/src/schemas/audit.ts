/**
 * The audit log (BEHAVIOUR.md "Security defaults"): every administrative change, who made it and
 * when, with the changed fields before and after (secrets masked). Listed newest first for admins.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';

/** What an entry is about, and what was done to it (`resource.verb`). */
export const AUDIT_ACTIONS = {
  user: ['create', 'update', 'delete', 'twoFactorReset'],
  setting: ['update'],
  schedules: ['update'],
  connection: ['create', 'update', 'delete'],
  queue: ['create', 'update', 'delete'],
  chatbot: ['create', 'update', 'delete'],
  rating: ['create', 'update', 'delete'],
  quickMessage: ['create', 'update', 'delete'],
  tag: ['create', 'update', 'delete'],
  contact: ['delete', 'deleteAll', 'import'],
  paymentCertificate: ['upload'],
  paymentWebhook: ['register'],
  invoice: ['charge', 'pay', 'paymentRefused'],
  company: ['create', 'update', 'delete'],
  plan: ['create', 'update', 'delete'],
  branding: ['logo', 'document', 'colors'],
  help: ['create', 'update', 'delete'],
  announcement: ['create', 'update', 'delete', 'media'],
  backup: ['request'],
  campaign: ['create', 'update', 'delete', 'clone', 'media', 'cancel', 'restart'],
  campaignSettings: ['update'],
  flow: ['create', 'update', 'delete', 'duplicate', 'save', 'import'],
  flowTrigger: ['create', 'update', 'delete'],
} as const;

export type AuditResource = keyof typeof AUDIT_ACTIONS;
export type AuditAction = { [R in AuditResource]: `${R}.${(typeof AUDIT_ACTIONS)[R][number]}` }[AuditResource];
export const AUDIT_RESOURCES = Object.keys(AUDIT_ACTIONS) as AuditResource[];
export const AUDIT_ACTION_NAMES = AUDIT_RESOURCES.flatMap((r) => AUDIT_ACTIONS[r].map((v) => `${r}.${v}`)) as AuditAction[];

/** How long entries are kept (the item's TTL). */
export const AUDIT_RETENTION_DAYS = 365;
/** What a masked value (password, token, secret setting) reads as: it changed, not what it is. */
export const AUDIT_MASK = '••••••';

export type AuditEntry = {
  id: string;
  /** ISO time of the change. */
  at: string;
  userId: number;
  userName: string;
  action: AuditAction;
  targetId?: string;
  targetName?: string;
  /** The changed fields only, as they were and as they became (absent on create / delete). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
};
export type AuditPage = { items: AuditEntry[]; hasMore: boolean; cursor?: string };

const Instant = z.string().datetime({ offset: false, message: 'ISO time (UTC)' });

/** GET /audit: a period (ISO instants, inclusive), one user, a resource or one action; newest first. */
export const AuditQuery = z
  .object({
    from: Instant.optional(),
    to: Instant.optional(),
    userId: z.coerce.number().int().positive().max(2 ** 40).optional(),
    resource: z.enum(AUDIT_RESOURCES as [AuditResource, ...AuditResource[]]).optional(),
    action: z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]]).optional(),
    cursor: z.string().max(2048).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from after to', path: ['from'] })
  .refine((q) => !q.resource || !q.action || q.action.startsWith(`${q.resource}.`), { message: 'action of another resource', path: ['action'] });
export type AuditQuery = z.infer<typeof AuditQuery>;
