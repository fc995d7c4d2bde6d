/**
 * Connections of a company (spec 2 "Connections list", §3, §5): create within the plan's limit
 * and channel flags, exactly one default, greeting required with more than one queue; and the
 * session controls the session host reconciles (start, new QR, disconnect, restart).
 */
import { randomBytes } from 'node:crypto';
import { isSessionChannel, type Channel, type SessionDesired } from '@conversa/shared/channels';
import { isAdmin } from '@conversa/shared/roles';
import type { CreateConnectionBody, UpdateConnectionBody } from '@conversa/shared/schemas/connections';
import { channelSecretName, storeChannelSecret } from '../../adapters/channel-secrets';
import { getConnection, listConnections, type Connection } from '../../adapters/db/connections';
import { defaultConnectionId, insertConnection, removeConnection, replaceConnection } from '../../adapters/db/connection-writes';
import { nextId } from '../../adapters/db/counters';
import { missingQueues } from '../../adapters/db/references';
import { emit } from '../events/dispatch';
import { checkFlowRefs } from '../flows/flow-refs';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { reportSession, sessionView } from './session-state';

export type ConnectionOut = ReturnType<typeof sessionView> & { token?: string };

/** Admins see the integrator token; everyone else sees the connection without it. */
export function connectionOut(c: Connection, auth: AuthContext): ConnectionOut {
  return isAdmin(auth.user) ? { ...sessionView(c), token: c.token } : sessionView(c);
}

export async function findConnection(auth: AuthContext, id: number): Promise<Connection> {
  const c = await getConnection(auth.companyId, id, true);
  if (!c) throw new AppError('ERR_NO_WAPP_FOUND');
  return c;
}

function planAllowsChannel(auth: AuthContext, ch: Channel): boolean {
  if (ch === 'facebook') return auth.plan.useFacebook;
  if (ch === 'instagram') return auth.plan.useInstagram;
  return auth.plan.useWhatsapp;
}

async function checkRules(auth: AuthContext, queueIds: number[], greeting: string, flows: Pick<Connection, 'flowIdWelcome' | 'flowIdNotPhrase'>): Promise<void> {
  const missing = await missingQueues(auth.companyId, queueIds);
  if (missing.length) throw new AppError('ERR_VALIDATION', missing.map((id) => ({ path: 'body.queueIds', message: `unknown queue ${id}` })));
  if (queueIds.length > 1 && !greeting.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
  await checkFlowRefs(auth.companyId, { flowIdWelcome: flows.flowIdWelcome, flowIdNotPhrase: flows.flowIdNotPhrase });
}

/** `connection.created` / `connection.updated` after the connection was written. */
export const announce = (type: 'connection.created' | 'connection.updated', c: Connection): Promise<void> => emit({ type, companyId: c.companyId, whatsappId: c.id }, { connection: c });

export async function createConnection(auth: AuthContext, input: CreateConnectionBody): Promise<Connection> {
  if (!planAllowsChannel(auth, input.channel)) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  if (input.channel === 'wppoficial' && !input.provider) throw new AppError('ERR_VALIDATION', [{ path: 'body.provider', message: 'Required' }]);
  const queueIds = input.queueIds ?? [];
  await checkRules(auth, queueIds, input.greetingMessage ?? '', input);
  const currentDefault = await defaultConnectionId(auth.companyId);
  const now = new Date().toISOString();
  const session = isSessionChannel(input.channel);
  const id = await nextId(auth.companyId, 'whatsapp');
  const c: Connection = {
    id,
    companyId: auth.companyId,
    name: input.name,
    channel: input.channel,
    status: session ? 'OPENING' : 'CONNECTED',
    qrcode: '',
    number: input.provider?.phoneNumberId ?? '',
    // The first connection is the default whatever was asked: a company always has one.
    isDefault: input.isDefault === true || currentDefault === undefined,
    greetingMessage: input.greetingMessage ?? '',
    complationMessage: input.complationMessage ?? '',
    outOfHoursMessage: input.outOfHoursMessage ?? '',
    ratingMessage: input.ratingMessage ?? '',
    token: input.token || randomBytes(24).toString('base64url'),
    queueIds,
    reopenWindowMinutes: input.reopenWindowMinutes ?? 0,
    allowGroups: input.allowGroups ?? false,
    flowIdWelcome: input.flowIdWelcome ?? null,
    flowIdNotPhrase: input.flowIdNotPhrase ?? null,
    desired: session ? 'run' : 'stop',
    desiredAt: now,
    ...(input.provider ? { provider: await providerOf(auth.companyId, id, input.provider) } : {}),
    createdAt: now,
    updatedAt: now,
  };
  await insertConnection(c, auth.plan.connections, currentDefault);
  await recordAudit(auth, { action: 'connection.create', target: c, after: c });
  await announce('connection.created', c);
  return c;
}

/** A Cloud API connection's provider: its account ids, and references to the secrets the tenant gave, kept under names the server derives. */
async function providerOf(companyId: number, id: number, p: NonNullable<CreateConnectionBody['provider']>): Promise<NonNullable<Connection['provider']>> {
  return {
    phoneNumberId: p.phoneNumberId,
    ...(p.wabaId ? { wabaId: p.wabaId } : {}),
    ...(await secretRefs(companyId, id, p)),
  };
}

async function secretRefs(companyId: number, id: number, p: { accessToken?: string; appSecret?: string }): Promise<Pick<NonNullable<Connection['provider']>, 'accessTokenRef' | 'appSecretRef'>> {
  return {
    ...(p.accessToken ? { accessTokenRef: await storeChannelSecret(channelSecretName(companyId, id, 'access-token'), p.accessToken) } : {}),
    ...(p.appSecret ? { appSecretRef: await storeChannelSecret(channelSecretName(companyId, id, 'app-secret'), p.appSecret) } : {}),
  };
}

export async function editConnection(auth: AuthContext, id: number, input: UpdateConnectionBody): Promise<Connection> {
  const before = await findConnection(auth, id);
  const { provider: secrets, ...patch } = input;
  if (secrets && before.channel !== 'wppoficial') throw new AppError('ERR_VALIDATION', [{ path: 'body.provider', message: 'only Cloud API connections take secrets' }]);
  const after: Connection = { ...before, ...patch, updatedAt: new Date().toISOString() };
  if (secrets && (secrets.accessToken || secrets.appSecret)) after.provider = { ...before.provider, ...(await secretRefs(auth.companyId, id, secrets)) };
  if (before.isDefault && patch.isDefault === false) throw new AppError('ERR_NO_OTHER_WHATSAPP');
  await checkRules(auth, after.queueIds, after.greetingMessage, patch);
  await replaceConnection(before, after, await defaultConnectionId(auth.companyId));
  await recordAudit(auth, { action: 'connection.update', target: after, before, after });
  await announce('connection.updated', after);
  return after;
}

export async function deleteConnection(auth: AuthContext, id: number): Promise<void> {
  const c = await findConnection(auth, id);
  const others = (await listConnections(auth.companyId)).filter((x) => x.id !== id).sort((a, b) => a.id - b.id);
  await removeConnection(c, c.isDefault ? others[0]?.id : undefined);
  await recordAudit(auth, { action: 'connection.delete', target: c, before: c });
  await emit({ type: 'connection.deleted', companyId: auth.companyId, whatsappId: id }, {});
}

/** Asks the session host for a state; the host reports the statuses that follow. */
export async function requestSession(auth: AuthContext, id: number, desired: SessionDesired): Promise<Connection> {
  const c = await findConnection(auth, id);
  if (!isSessionChannel(c.channel)) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  const after: Connection = { ...c, desired, desiredAt: new Date().toISOString(), updatedAt: new Date().toISOString(), ...(desired === 'stop' ? {} : { status: 'OPENING' as const, qrcode: '' }) };
  await replaceConnection(c, after, await defaultConnectionId(auth.companyId));
  // Nothing runs a stopped session any more: the status is known now.
  if (desired === 'stop') return (await reportSession(auth.companyId, id, { status: 'DISCONNECTED', qrcode: '', reason: 'disconnected by a user' })) ?? after;
  return (await reportSession(auth.companyId, id, { status: 'OPENING', qrcode: '' })) ?? after;
}

/** 'Aguarde... Suas conexões serão reiniciadas!': every session of the company starts again. */
export async function restartSessions(auth: AuthContext): Promise<number> {
  const sessions = (await listConnections(auth.companyId)).filter((c) => isSessionChannel(c.channel) && c.desired !== 'stop');
  for (const c of sessions) await requestSession(auth, c.id, 'run');
  return sessions.length;
}

export async function listCompanyConnections(auth: AuthContext): Promise<Connection[]> {
  return (await listConnections(auth.companyId)).sort((a, b) => a.id - b.id);
}
