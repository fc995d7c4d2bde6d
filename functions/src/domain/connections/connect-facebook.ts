/**
 * POST /facebook (spec 2 §7): the server side of Meta's login. The short-lived user token is
 * exchanged for a long-lived one, the user's pages are listed, and each page becomes a `facebook`
 * connection (with `addInstagram`, its Instagram business account an `instagram` one too), its
 * page access token kept as a secret reference and the app subscribed to its webhooks.
 *
 * Idempotent through the provider index (`P#CHANNEL#<channel>#<account>`): a page already
 * connected to this company is updated (name, token), not duplicated; a page connected to
 * another company refuses the whole login before anything is written. New connections count
 * against the plan's limit in the same transaction as their insert (ERR_MAX_WHATS_REACHED).
 */
import { randomBytes } from 'node:crypto';
import type { Channel } from '@conversa/shared/channels';
import { findByProviderAccount, getConnection, listConnections, type Connection } from '../../adapters/db/connections';
import { defaultConnectionId, insertConnection, replaceConnection } from '../../adapters/db/connection-writes';
import { nextId } from '../../adapters/db/counters';
import { metaAppId, metaAppSecret, storeChannelSecret } from '../../adapters/channel-secrets';
import { GraphError } from '../../adapters/graph';
import { exchangeUserToken, listPages, subscribePage, type MetaPage } from '../../adapters/meta-login';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { announce } from './manage-connections';

export type FacebookLogin = { facebookUserId: string; facebookUserToken: string; addInstagram?: boolean };

type Wanted = { channel: Extract<Channel, 'facebook' | 'instagram'>; account: string; name: string; page: MetaPage };

/** A Graph failure as the caller sees it: Meta refusing the login is the caller's input, the rest is Meta's. */
function loginError(err: unknown, field: string): never {
  if (err instanceof GraphError) {
    log.warn('facebook login: graph call failed', { reason: err.reason, status: err.status });
    if (err.retryable) throw new AppError('ERR_INTERNAL', undefined, 502);
    throw new AppError('ERR_VALIDATION', [{ path: field, message: err.reason }]);
  }
  throw err;
}

function wantedOf(pages: MetaPage[], addInstagram: boolean): Wanted[] {
  const out: Wanted[] = [];
  for (const page of pages) {
    out.push({ channel: 'facebook', account: page.id, name: page.name, page });
    if (addInstagram && page.instagramId) out.push({ channel: 'instagram', account: page.instagramId, name: `${page.name} (Instagram)`, page });
  }
  return out;
}

function providerOf(w: Wanted, accessTokenRef: string): NonNullable<Connection['provider']> {
  // Instagram sends go through the page (graph-send.ts graphTarget); webhooks name the IG account.
  return w.channel === 'facebook' ? { pageId: w.page.id, accessTokenRef } : { pageId: w.page.id, igAccountId: w.account, accessTokenRef };
}

async function insertNew(auth: AuthContext, w: Wanted, accessTokenRef: string): Promise<Connection> {
  const currentDefault = await defaultConnectionId(auth.companyId);
  const now = new Date().toISOString();
  const c: Connection = {
    id: await nextId(auth.companyId, 'whatsapp'),
    companyId: auth.companyId,
    name: w.name.slice(0, 100),
    channel: w.channel,
    status: 'CONNECTED',
    qrcode: '',
    number: '',
    isDefault: currentDefault === undefined,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    token: randomBytes(24).toString('base64url'),
    queueIds: [],
    reopenWindowMinutes: 0,
    allowGroups: false,
    desired: 'stop',
    desiredAt: now,
    provider: providerOf(w, accessTokenRef),
    createdAt: now,
    updatedAt: now,
  };
  await insertConnection(c, auth.plan.connections, currentDefault);
  return c;
}

async function updateExisting(auth: AuthContext, before: Connection, w: Wanted, accessTokenRef: string): Promise<Connection> {
  const after: Connection = { ...before, status: 'CONNECTED', provider: { ...before.provider, ...providerOf(w, accessTokenRef) }, updatedAt: new Date().toISOString() };
  delete after.reason;
  await replaceConnection(before, after, await defaultConnectionId(auth.companyId));
  return after;
}

async function existingOf(auth: AuthContext, w: Wanted): Promise<Connection | undefined> {
  const hit = await findByProviderAccount(w.channel, w.account);
  if (!hit) return undefined;
  if (hit.companyId !== auth.companyId) throw new AppError('ERR_VALIDATION', [{ path: 'body.facebookUserId', message: `${w.channel} account ${w.account} is connected to another company` }]);
  return getConnection(auth.companyId, hit.whatsappId, true);
}

export async function connectFacebook(auth: AuthContext, input: FacebookLogin): Promise<Connection[]> {
  if (!auth.plan.useFacebook) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  const addInstagram = input.addInstagram === true;
  if (addInstagram && !auth.plan.useInstagram) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  const appId = metaAppId();
  const appSecret = await metaAppSecret();
  if (!appId || !appSecret) {
    log.error('facebook login: META_APP_ID and META_APP_SECRET(_ARN) are not configured');
    throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  }

  const userToken = await exchangeUserToken(appId, appSecret, input.facebookUserToken).catch((err) => loginError(err, 'body.facebookUserToken'));
  const pages = await listPages(input.facebookUserId, userToken).catch((err) => loginError(err, 'body.facebookUserId'));
  const wanted = wantedOf(pages, addInstagram);

  // Refuse before any write when an account belongs to another company.
  const existing = new Map<Wanted, Connection | undefined>();
  for (const w of wanted) existing.set(w, await existingOf(auth, w));
  // And when the new ones do not fit the plan (the insert's condition still guards a race).
  const fresh = wanted.filter((w) => !existing.get(w)).length;
  if (fresh > 0 && (await listConnections(auth.companyId)).length + fresh > auth.plan.connections) throw new AppError('ERR_MAX_WHATS_REACHED');

  const subscribed = new Set<string>();
  const out: Connection[] = [];
  for (const w of wanted) {
    if (!subscribed.has(w.page.id)) {
      await subscribePage(w.page.id, w.page.accessToken).catch((err) => loginError(err, 'body.facebookUserId'));
      subscribed.add(w.page.id);
    }
    const ref = await storeChannelSecret(`${auth.companyId}/${w.channel}/${w.account}`, w.page.accessToken);
    const before = existing.get(w);
    let c: Connection;
    let created = false;
    if (before) c = await updateExisting(auth, before, w, ref);
    else {
      try {
        [c, created] = [await insertNew(auth, w, ref), true];
      } catch (err) {
        // A concurrent login inserted the same page first: update that one instead.
        const raced = err instanceof AppError && err.code === 'ERR_VALIDATION' ? await existingOf(auth, w) : undefined;
        if (!raced) throw err;
        c = await updateExisting(auth, raced, w, ref);
      }
    }
    await announce(created ? 'connection.created' : 'connection.updated', c);
    out.push(c);
  }
  return out;
}
