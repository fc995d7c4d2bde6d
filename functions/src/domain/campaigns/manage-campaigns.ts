/**
 * Campaigns as the admin edits them (spec 3 "Campaigns page", §3 Campaign, §4 "Campaign status",
 * §5, §7 "Campaigns"; BEHAVIOUR.md "Campaigns"): the list, one, create, change, delete, clone, the
 * attachment, cancel and restart. The run itself (start, staging, sends) is the sender's (run.ts).
 * - The connection and the list a campaign names are the caller's company's. Only WhatsApp
 *   connections send campaigns; on the Cloud API (`wppoficial`) only an approved template
 *   (ERR_CAMPAIGN_TEMPLATE_REQUIRED, validateTemplate); elsewhere a template is not kept and a
 *   message variant is needed (ERR_CAMPAIGN_NO_MESSAGE); confirmation on needs a confirmation
 *   variant (ERR_CAMPAIGN_NO_CONFIRMATION).
 * - `scheduledAt` (`YYYY-MM-DD HH:mm:ss` in the company's time zone, America/Sao_Paulo) makes it
 *   PROGRAMADA, which needs a list and a connection (ERR_CAMPAIGN_NEEDS_TARGET); within a minute
 *   it starts at once, a later one the tick starts (programCampaign). No time: INATIVA.
 * - Editability (campaignEditability, spec 3 §4): INATIVA, or PROGRAMADA more than an hour ahead,
 *   change anything; CANCELADA only the messages; otherwise nothing. A field sent with the value it
 *   has is no change. ERR_CAMPAIGN_NOT_EDITABLE otherwise.
 * - Every write is conditional on the revision and the status read (another edit, or the sender's
 *   start or cancel in between, makes it read again), then audited and announced.
 * - The attachment names an upload of the company (png, jpg, jpeg, mp4, mp3, ogg, checked by
 *   content). A clone references the same file: a campaign never deletes its file, so the
 *   original and its copies may share it (the company's deletion removes its files).
 */
import { PAGE_SIZE, STATS_TIME_ZONE } from '@conversa/shared/constants';
import { instantOfWall } from '@conversa/shared/lane-campaign';
import {
  CONFIRMATION_FIELDS, MESSAGE_FIELDS, campaignEditability, variantsOf,
  type CampaignBody, type CampaignsPage, type CampaignTemplate, type CampaignView, type UpdateCampaignBody,
} from '@conversa/shared/schemas/campaigns';
import { foldText } from '@conversa/shared/text';
import { batchGet, keyId } from '../../adapters/db/batch';
import {
  CampaignConflict, campaignKey, campaignPage, campaignsPartition, getCampaign, insertCampaign, removeCampaign, replaceCampaign, runKey, type Campaign, type CampaignRun,
} from '../../adapters/db/campaigns';
import { listKey } from '../../adapters/db/contact-lists';
import { getConnection, toConnection } from '../../adapters/db/connections';
import { getList } from '../../adapters/db/contact-lists';
import { nextId } from '../../adapters/db/counters';
import { decodeCursor, fromItem, keys } from '../../adapters/db/keys';
import { pageOf } from '../../adapters/db/paging';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/record-audit';
import type { AuthContext } from '../auth/authenticate';
import { checkScheduleMedia, type ScheduleMedia } from '../schedules/manage-schedules';
import { announceCampaign, campaignNames, campaignView, type CampaignNames } from './announce';
import { cancelCampaign, forgetCampaign, programCampaign, restartCampaign } from './run';
import { validateTemplate } from './templates';

type Auth = Pick<AuthContext, 'companyId'>;
type MediaRef = { key: string; filename: string; mimetype: string };

/** The channels a campaign goes out on (phone numbers); the Cloud API sends templates only. */
const CAMPAIGN_CHANNELS = new Set(['whatsapp', 'sandbox', 'wppoficial']);
const CLOUD_API = 'wppoficial';
/** The messages a cancelled campaign may still change (spec 3 §4). */
const MESSAGE_KEYS: ReadonlySet<string> = new Set([...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS]);
/** What an edit may change, compared with what is stored. */
const EDITABLE_KEYS = [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS, 'name', 'confirmation', 'scheduledAt', 'whatsappId', 'contactListId', 'template', 'mediaKey'] as const;
/** Spec 3 §5: a copy's name is 'Cópia de <name>', within the name's 50 characters. */
export const copyName = (name: string): string => `Cópia de ${name}`.slice(0, 50).trim();

/** What the audit log keeps of a campaign (its file by name, its texts cut by the log). */
const audited = ({ mediaKey: _k, mimetype: _m, searchText: _s, rev: _r, ...rest }: Campaign) => rest;

/**
 * `scheduledAt` as the dialog sends it (`YYYY-MM-DD HH:mm[:ss]`, the company's wall clock) as an
 * ISO instant. Companies carry no time zone of their own yet: São Paulo's.
 */
export function scheduledInstant(local: string | null, timeZone = STATS_TIME_ZONE): string | null {
  if (!local) return null;
  const [, y, mo, d, h, mi, s] = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local)!.map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0);
  const back = new Date(wall);
  if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d! || h! > 23 || mi! > 59 || (s ?? 0) > 59) {
    throw new AppError('ERR_VALIDATION', [{ path: 'body.scheduledAt', message: 'Data inválida' }]);
  }
  return new Date(instantOfWall(wall, timeZone)).toISOString();
}

export async function loadCampaign(cid: number, id: number): Promise<Campaign> {
  const c = await getCampaign(cid, id);
  if (!c) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return c;
}

/** The views of a page: runs, lists and connections in one BatchGetItem. */
async function viewsOf(cid: number, cs: Campaign[]): Promise<CampaignView[]> {
  const wanted = cs.flatMap((c) => [runKey(cid, c.id), ...(c.contactListId ? [listKey(cid, c.contactListId)] : []), ...(c.whatsappId ? [keys.whatsapp(cid, c.whatsappId)] : [])]);
  const got = wanted.length ? await batchGet([...new Map(wanted.map((k) => [keyId(k), k])).values()]) : new Map<string, Record<string, unknown>>();
  return cs.map((c) => {
    const run = got.get(keyId(runKey(cid, c.id)));
    const list = c.contactListId ? got.get(keyId(listKey(cid, c.contactListId))) : undefined;
    const conn = c.whatsappId ? got.get(keyId(keys.whatsapp(cid, c.whatsappId))) : undefined;
    const names: CampaignNames = {
      contactList: list ? { id: Number(list.id), name: String(list.name) } : null,
      whatsapp: conn ? (({ id, name, channel }) => ({ id, name, channel }))(toConnection(conn)) : null,
    };
    return campaignView(c, run ? (fromItem(run) as CampaignRun) : undefined, names);
  });
}

const viewOf = async (c: Campaign): Promise<CampaignView> => (await viewsOf(c.companyId, [c]))[0]!;

/**
 * GET /campaigns: newest first, 20 a page by an opaque cursor (or pageNumber); `searchParam`
 * matches the name (case and accents aside) within the query's pages, at most 10 a request.
 */
export async function listCampaigns(auth: Auth, q: { searchParam?: string; cursor?: string; pageNumber?: number; limit?: number }): Promise<CampaignsPage> {
  const cid = auth.companyId;
  const search = foldText(q.searchParam ?? '') || undefined;
  const page = await pageOf((after, n) => campaignPage(cid, { after, limit: n, search }), {
    after: decodeCursor(q.cursor, campaignsPartition(cid)), pageNumber: q.pageNumber, limit: q.limit ?? PAGE_SIZE, filtered: Boolean(search), keyOf: (c) => campaignKey(cid, c.id),
  });
  return { records: await viewsOf(cid, page.rows), hasMore: page.hasMore, ...(page.cursor ? { cursor: page.cursor } : {}) };
}

export const findCampaign = async (auth: Auth, id: number): Promise<CampaignView> => viewOf(await loadCampaign(auth.companyId, id));

/**
 * The campaign's rules on what it would be: its connection and list are the company's, it has
 * something to send on that channel, and a time only with both. Answers the template it keeps.
 */
async function checkCampaign(cid: number, c: Campaign): Promise<CampaignTemplate | null> {
  const [conn, list] = await Promise.all([c.whatsappId ? getConnection(cid, c.whatsappId) : undefined, c.contactListId ? getList(cid, c.contactListId) : undefined]);
  if (c.whatsappId && !conn) throw new AppError('ERR_NO_WAPP_FOUND');
  if (c.contactListId && !list) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
  if (conn && !CAMPAIGN_CHANNELS.has(conn.channel)) throw new AppError('ERR_CAMPAIGN_CHANNEL');
  // A template is sent on the Cloud API only; chosen for another connection it is not kept.
  const template = conn && conn.channel !== CLOUD_API ? null : c.template;
  if (conn?.channel === CLOUD_API && !template) throw new AppError('ERR_CAMPAIGN_TEMPLATE_REQUIRED');
  if (!template && !variantsOf(c, 'message').length) throw new AppError('ERR_CAMPAIGN_NO_MESSAGE');
  if (c.confirmation && !variantsOf(c, 'confirmation').length) throw new AppError('ERR_CAMPAIGN_NO_CONFIRMATION');
  if (c.scheduledAt && (!c.whatsappId || !c.contactListId)) throw new AppError('ERR_CAMPAIGN_NEEDS_TARGET');
  if (conn && template) await validateTemplate(cid, conn.id, template);
  return template;
}

/** A campaign's fields from the dialog's body (defaults for what it leaves out). */
function fieldsOf(body: CampaignBody) {
  const { companyId: _c, status: _s, scheduledAt, ...fields } = body;
  return { ...fields, scheduledAt: scheduledInstant(scheduledAt) };
}

/** After a write: a time makes it PROGRAMADA (started at once when due), none INATIVA. */
async function program(c: Campaign): Promise<Campaign> {
  if (c.status === 'PROGRAMADA' || c.status === 'INATIVA') {
    if ((await programCampaign(c)) === 'started') return loadCampaign(c.companyId, c.id);
  }
  return c;
}

const statusFor = (scheduledAt: string | null) => (scheduledAt ? 'PROGRAMADA' : 'INATIVA');

/** POST /campaigns. */
export async function createCampaign(auth: AuthContext, body: CampaignBody): Promise<CampaignView> {
  const cid = auth.companyId;
  const now = new Date().toISOString();
  const fields = fieldsOf(body);
  const draft: Campaign = {
    id: 0, companyId: cid, ...fields, status: statusFor(fields.scheduledAt), completedAt: null,
    mediaKey: null, mediaName: null, mimetype: null, pausedReason: null, rev: 0, searchText: foldText(fields.name), createdAt: now, updatedAt: now,
  };
  const c: Campaign = { ...draft, template: await checkCampaign(cid, draft), id: await nextId(cid, 'campaign') };
  await insertCampaign(c);
  await recordAudit(auth, { action: 'campaign.create', target: { id: c.id, name: c.name }, after: audited(c) });
  const view = await viewOf(c);
  await announceCampaign(view, 'create');
  return viewOf(await program(c));
}

/** An edit's value and the stored one it would replace are the same (scheduledAt compared as instants). */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * PUT /campaigns/{id} (and the file's routes, `media`: a new file, null to remove it): the fields
 * sent change, within what the campaign's status lets change.
 */
export async function updateCampaign(auth: AuthContext, id: number, input: UpdateCampaignBody, media?: ScheduleMedia | null, action: 'campaign.update' | 'campaign.media' = 'campaign.update'): Promise<CampaignView> {
  const cid = auth.companyId;
  const { companyId: _c, status: _s, scheduledAt, ...given } = input;
  const change: Partial<Campaign> = {
    ...given,
    ...(scheduledAt === undefined ? {} : { scheduledAt: scheduledInstant(scheduledAt) }),
    ...(media === undefined ? {} : { mediaKey: media?.mediaKey ?? null, mediaName: media?.mediaName ?? null, mimetype: media?.mimetype ?? null }),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const was = await loadCampaign(cid, id);
    const changed = EDITABLE_KEYS.filter((k) => k in change && !same(change[k], was[k]));
    const mode = campaignEditability(was);
    if (!changed.length) return viewOf(was);
    if (mode === 'none' || (mode === 'messages' && changed.some((k) => !MESSAGE_KEYS.has(k)))) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
    const merged: Campaign = { ...was, ...change };
    const next: Campaign = {
      ...merged,
      ...(mode === 'all' ? { status: statusFor(merged.scheduledAt) } : {}),
      searchText: foldText(merged.name),
      rev: was.rev + 1,
      updatedAt: new Date(Math.max(Date.now(), Date.parse(was.updatedAt) + 1)).toISOString(),
    };
    next.template = await checkCampaign(cid, next);
    try {
      await replaceCampaign(was, next);
    } catch (err) {
      if (!(err instanceof CampaignConflict)) throw err;
      if (err.reason === 'missing') throw new AppError('ERR_NO_CAMPAIGN_FOUND');
      continue;
    }
    await recordAudit(auth, { action, target: { id, name: next.name }, before: audited(was), after: audited(next) });
    await announceCampaign(await viewOf(next), 'update');
    return viewOf(await program(next));
  }
  throw new AppError('ERR_CONFLICT');
}

/** POST /campaigns/{id}/media-upload: the campaign's file (an upload of the company, of the spec's types by content), replacing any. */
export const attachCampaignMedia = async (auth: AuthContext, id: number, ref: MediaRef): Promise<CampaignView> =>
  updateCampaign(auth, id, {}, await checkScheduleMedia(auth.companyId, ref), 'campaign.media');

/** DELETE /campaigns/{id}/media-upload: the file no longer sent (the upload itself stays: a clone may share it). */
export const detachCampaignMedia = (auth: AuthContext, id: number): Promise<CampaignView> => updateCampaign(auth, id, {}, null, 'campaign.media');

/** POST /campaigns/{id}/clone: 'Cópia de <name>', INATIVA, no time, the same texts, target and file. */
export async function cloneCampaign(auth: AuthContext, id: number): Promise<CampaignView> {
  const cid = auth.companyId;
  const from = await loadCampaign(cid, id);
  const now = new Date().toISOString();
  const name = copyName(from.name);
  const c: Campaign = {
    ...from, id: await nextId(cid, 'campaign'), name, status: 'INATIVA', scheduledAt: null, completedAt: null, pausedReason: null,
    rev: 0, searchText: foldText(name), createdAt: now, updatedAt: now,
  };
  await insertCampaign(c);
  await recordAudit(auth, { action: 'campaign.clone', target: { id: c.id, name }, after: { ...audited(c), clonedFrom: from.id } });
  const view = await viewOf(c);
  await announceCampaign(view, 'create');
  return view;
}

/** DELETE /campaigns/{id}: a running campaign is cancelled first (nothing more goes out), then the campaign and its run go. */
export async function deleteCampaign(auth: AuthContext, id: number): Promise<void> {
  const cid = auth.companyId;
  for (let attempt = 0; attempt < 3; attempt++) {
    let c = await loadCampaign(cid, id);
    if (c.status === 'EM_ANDAMENTO') {
      await cancelCampaign(cid, id).catch((err: unknown) => (err instanceof AppError && err.code === 'ERR_CAMPAIGN_STATUS' ? undefined : Promise.reject(err)));
      c = await loadCampaign(cid, id);
    }
    try {
      await removeCampaign(c);
    } catch (err) {
      if (!(err instanceof CampaignConflict)) throw err;
      if (err.reason === 'missing') throw new AppError('ERR_NO_CAMPAIGN_FOUND');
      continue;
    }
    await forgetCampaign(cid, id);
    await recordAudit(auth, { action: 'campaign.delete', target: { id, name: c.name }, before: audited(c) });
    await announceCampaign(campaignView(c, undefined, await campaignNames(c)), 'delete');
    return;
  }
  throw new AppError('ERR_CONFLICT');
}

/** POST /campaigns/{id}/cancel: EM_ANDAMENTO → CANCELADA; what is not sent stays pending. */
export async function stopCampaign(auth: AuthContext, id: number): Promise<CampaignView> {
  const c = await loadCampaign(auth.companyId, id);
  const view = await cancelCampaign(auth.companyId, id);
  await recordAudit(auth, { action: 'campaign.cancel', target: { id, name: c.name } });
  return view;
}

/** POST /campaigns/{id}/restart: CANCELADA → EM_ANDAMENTO; only what never went out is sent. */
export async function resumeCampaign(auth: AuthContext, id: number): Promise<CampaignView> {
  const c = await loadCampaign(auth.companyId, id);
  if (c.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_STATUS');
  const view = await restartCampaign(auth.companyId, id);
  await recordAudit(auth, { action: 'campaign.restart', target: { id, name: c.name } });
  return view;
}
