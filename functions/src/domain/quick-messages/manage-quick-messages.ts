/**
 * Quick replies (spec 3 §6, spec 1 §2 "Input"): shortcuts typed after '/'. A reply is the
 * company's ("geral") or its author's own; an own reply is seen only by its author. Admins and
 * supervisors may create company-wide replies and edit or delete any reply they see; a user only
 * their own replies that are not company-wide. An optional file comes from /messages/upload.
 */
import type { Page } from '@conversa/shared/schemas/common';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';
import { nextId } from '../../adapters/db/counters';
import { QuickMessageConflict, createQuickMessage, deleteQuickMessage, getQuickMessage, listQuickMessages, replaceQuickMessage, type QuickMessage } from '../../adapters/db/quick-messages';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { checkUploaded, mediaTypeOf } from '../messages/upload-media';
import { emit } from '../events/dispatch';

type Input = { shortcode?: string; message?: string; geral?: boolean; mediaKey?: string | null; mediaName?: string | null };

const manager = (auth: AuthContext) => auth.user.super || auth.user.profile === 'admin' || auth.user.profile === 'supervisor';
const visible = (auth: AuthContext, q: QuickMessage) => q.geral || q.userId === auth.userId;
/** `quickMessage.created` / `.updated` / `.deleted` after the write (who hears it: publish-events.ts). */
function announce(action: 'created' | 'updated' | 'deleted', q: QuickMessage, before?: QuickMessage): Promise<void> {
  const event = { companyId: q.companyId, quickMessageId: q.id, userId: q.userId, geral: q.geral, ...(before ? { wasGeral: before.geral } : {}) };
  if (action === 'deleted') return emit({ type: 'quickMessage.deleted', ...event }, {});
  return emit({ type: `quickMessage.${action}`, ...event }, { view: toQuickMessageView(q) });
}

const mayChange = (auth: AuthContext, q: QuickMessage) => (manager(auth) ? true : q.userId === auth.userId && !q.geral);

export function toQuickMessageView(q: QuickMessage): QuickMessageView {
  return {
    id: q.id,
    shortcode: q.shortcode,
    message: q.message,
    geral: q.geral,
    userId: q.userId,
    mediaKey: q.mediaKey ?? null,
    mediaName: q.mediaName ?? null,
    mediaType: q.mediaType ?? null,
    mimetype: q.mimetype ?? null,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}

/** The file of a reply: uploaded under the company's prefix, of an allowed type, ≤ 20 MB. */
async function mediaOf(auth: AuthContext, key: string, name: string | null | undefined): Promise<Pick<QuickMessage, 'mediaKey' | 'mediaName' | 'mediaType' | 'mimetype'>> {
  const { mimetype } = await checkUploaded(auth.companyId, { key });
  return { mediaKey: key, mediaName: name || key.split('/').pop()!, mediaType: mediaTypeOf(mimetype), mimetype };
}

function required(message: string, mediaKey: string | undefined): void {
  // Spec 3 §5: the message is required, unless a file is attached (the dialog disables it then).
  if (!message && !mediaKey) throw new AppError('ERR_VALIDATION', [{ path: 'body.message', message: 'Required' }]);
}

async function loadFor(auth: AuthContext, id: number): Promise<QuickMessage> {
  const q = await getQuickMessage(auth.companyId, id);
  if (!q || !visible(auth, q)) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
  return q;
}

export async function createQuick(auth: AuthContext, input: Required<Pick<Input, 'shortcode' | 'message' | 'geral'>> & Input): Promise<QuickMessageView> {
  if (input.geral && !manager(auth)) throw new AppError('ERR_NO_PERMISSION');
  const media = input.mediaKey ? await mediaOf(auth, input.mediaKey, input.mediaName) : {};
  required(input.message, media.mediaKey);
  const now = new Date().toISOString();
  const q: QuickMessage = { id: await nextId(auth.companyId, 'quickMessage'), companyId: auth.companyId, shortcode: input.shortcode, message: input.message, geral: input.geral, userId: auth.userId, ...media, createdAt: now, updatedAt: now };
  try {
    await createQuickMessage(q);
  } catch (err) {
    if (err instanceof QuickMessageConflict) throw new AppError('ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS');
    throw err;
  }
  await recordAudit(auth, { action: 'quickMessage.create', target: { id: q.id, name: q.shortcode }, after: q });
  await announce('created', q);
  return toQuickMessageView(q);
}

export async function findQuick(auth: AuthContext, id: number): Promise<QuickMessageView> {
  return toQuickMessageView(await loadFor(auth, id));
}

export async function updateQuick(auth: AuthContext, id: number, input: Input): Promise<QuickMessageView> {
  const before = await loadFor(auth, id);
  if (!mayChange(auth, before)) throw new AppError('ERR_NO_PERMISSION');
  if (input.geral && !before.geral && !manager(auth)) throw new AppError('ERR_NO_PERMISSION');
  const { mediaKey: _k, mediaName: _n, mediaType: _t, mimetype: _m, ...rest } = before;
  let media: Pick<QuickMessage, 'mediaKey' | 'mediaName' | 'mediaType' | 'mimetype'> = { mediaKey: before.mediaKey, mediaName: before.mediaName, mediaType: before.mediaType, mimetype: before.mimetype };
  if (input.mediaKey === null) media = {};
  else if (input.mediaKey !== undefined && input.mediaKey !== before.mediaKey) media = await mediaOf(auth, input.mediaKey, input.mediaName);
  else if (input.mediaName && before.mediaKey) media.mediaName = input.mediaName;
  const after: QuickMessage = {
    ...rest,
    ...Object.fromEntries(Object.entries(media).filter(([, v]) => v !== undefined)),
    shortcode: input.shortcode ?? before.shortcode,
    message: input.message ?? before.message,
    geral: input.geral ?? before.geral,
    updatedAt: new Date().toISOString(),
  };
  required(after.message, after.mediaKey);
  try {
    await replaceQuickMessage(before, after);
  } catch (err) {
    if (err instanceof QuickMessageConflict) throw new AppError(err.reason === 'shortcut' ? 'ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS' : 'ERR_CONFLICT');
    throw err;
  }
  await recordAudit(auth, { action: 'quickMessage.update', target: { id: after.id, name: after.shortcode }, before, after });
  await announce('updated', after, before);
  return toQuickMessageView(after);
}

export async function removeQuick(auth: AuthContext, id: number): Promise<void> {
  const q = await loadFor(auth, id);
  if (!mayChange(auth, q)) throw new AppError('ERR_NO_PERMISSION');
  try {
    await deleteQuickMessage(q);
  } catch (err) {
    if (err instanceof QuickMessageConflict) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
    throw err;
  }
  await recordAudit(auth, { action: 'quickMessage.delete', target: { id: q.id, name: q.shortcode }, before: q });
  await announce('deleted', q);
}

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Every reply the caller sees (own + company-wide), by shortcut: the input's '/' suggestions. */
export async function listVisibleQuick(auth: AuthContext): Promise<QuickMessageView[]> {
  const all = await listQuickMessages(auth.companyId);
  return all
    .filter((q) => visible(auth, q))
    .sort((a, b) => a.shortcode.localeCompare(b.shortcode))
    .map(toQuickMessageView);
}

/** The quick replies page: search over shortcut and text, pages of `limit` by an opaque cursor (or pageNumber). */
export async function searchQuick(auth: AuthContext, q: { searchParam?: string; cursor?: string; pageNumber?: number; limit?: number }): Promise<Page<QuickMessageView>> {
  const term = fold(q.searchParam?.trim() ?? '');
  const all = await listVisibleQuick(auth);
  const hits = term ? all.filter((x) => fold(x.shortcode).includes(term) || fold(x.message).includes(term)) : all;
  const limit = q.limit ?? 20;
  const fromCursor = q.cursor ? Number(Buffer.from(q.cursor, 'base64url').toString('utf8')) : NaN;
  const offset = Number.isInteger(fromCursor) && fromCursor >= 0 ? fromCursor : ((q.pageNumber ?? 1) - 1) * limit;
  const items = hits.slice(offset, offset + limit);
  const hasMore = offset + limit < hits.length;
  return { items, hasMore, ...(hasMore ? { cursor: Buffer.from(String(offset + limit)).toString('base64url') } : {}) };
}
