/**
 * The audit log's one writer: a use-case calls it after its write succeeded, with what it read
 * before and what it wrote. Only the changed fields are kept; passwords, tokens, secrets and API
 * keys are masked (their change shows, never their value), a secret setting entirely; long values
 * are cut. A failure to record propagates: the change is not answered as done without its entry.
 */
import { randomBytes } from 'node:crypto';
import { AUDIT_MASK, type AuditAction, type AuditEntry } from '@conversa/shared/schemas/audit';
import { putAuditEntry } from '../../adapters/db/audit-log';
import type { AuthContext } from '../auth/authenticate';

/** Who made the change: a signed-in user, or the platform (a payment provider's webhook: userId 0). */
export type Actor = Pick<AuthContext, 'companyId' | 'userId'> & { user: Pick<AuthContext['user'], 'name'> };

export type AuditChange = {
  action: AuditAction;
  target?: { id?: number | string; name?: string };
  before?: object;
  after?: object;
  /** Mask every value (a secret setting). */
  mask?: boolean;
  /** The company the change is about, when not the actor's (a super admin's). */
  companyId?: number;
};

/** Bookkeeping and runtime state: never an administrative change. */
const IGNORED = new Set(['id', 'companyId', 'createdAt', 'updatedAt', 'rev', 'entity', 'PK', 'SK', 'sessions', 'online', 'lastSeenAt', 'status', 'qrcode', 'desired', 'desiredAt', 'userId', 'expiresAt']);
const SECRET = /password|token|secret|api_?key|totp|recovery/i;
const MAX_TEXT = 300;
const MAX_JSON = 600;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function clip(v: unknown): unknown {
  if (typeof v === 'string') return v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT)}…` : v;
  if (v === undefined || v === null || typeof v !== 'object') return v;
  const text = JSON.stringify(v);
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}…` : v;
}

/** Secret-named keys masked at any depth (a connection's provider holds an access token). */
function masked(key: string, v: unknown, mask: boolean): unknown {
  if (mask || SECRET.test(key)) return v === undefined || v === null || v === '' ? v : AUDIT_MASK;
  if (Array.isArray(v)) return v.map((x) => masked('', x, false));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, masked(k, x, false)]));
  return v;
}

const shown = (key: string, v: unknown, mask: boolean): unknown => clip(masked(key, v, mask));

/** The fields that differ (all of them on a create or a delete), as they were and became. */
export function changedFields(before: object | undefined, after: object | undefined, mask = false): { before?: Record<string, unknown>; after?: Record<string, unknown> } {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !IGNORED.has(k) && !/^GSI\d/.test(k));
  // An edit keeps what differs; a create or a delete what it had (an empty field says nothing).
  const changed = before && after ? keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])) : keys.filter((k) => !isEmpty((before ? b : a)[k]));
  const pick = (src: Record<string, unknown>) => Object.fromEntries(changed.filter((k) => k in src).map((k) => [k, shown(k, src[k], mask)]));
  return { ...(before ? { before: pick(b) } : {}), ...(after ? { after: pick(a) } : {}) };
}

/** The entry a change makes; undefined for an edit that changed nothing. */
export function auditEntry(actor: Actor, change: AuditChange, at = new Date()): AuditEntry | undefined {
  const diff = changedFields(change.before, change.after, change.mask);
  // An edit that changed nothing is no change.
  if (change.before && change.after && !Object.keys(diff.after ?? {}).length) return undefined;
  return {
    id: randomBytes(6).toString('base64url'),
    at: at.toISOString(),
    userId: actor.userId,
    userName: actor.user.name,
    action: change.action,
    ...(change.target?.id !== undefined ? { targetId: String(change.target.id) } : {}),
    ...(change.target?.name ? { targetName: change.target.name.slice(0, 200) } : {}),
    ...diff,
  };
}

export async function recordAudit(actor: Actor, change: AuditChange): Promise<void> {
  const entry = auditEntry(actor, change);
  if (entry) await putAuditEntry(change.companyId ?? actor.companyId, entry);
}
