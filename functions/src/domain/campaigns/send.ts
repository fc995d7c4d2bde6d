/**
 * The campaign sender (queue campaign-sends, each job delayed to its planned time by the planner):
 * a job of a stale generation, or for a recipient already past pending / confirmed, does nothing;
 * an opted-out number is marked so and skipped; a confirmation campaign's pending recipient gets
 * the confirmation text first (the awaited-confirmation item written before it goes out); anything
 * else becomes an OutboundJob with the `campaign` target (no ticket) on its channel's outbound
 * queue, deduplicated per campaign, recipient and generation. Sending twice is prevented further
 * on: the host (or the Graph worker) claims the recipient.
 */
import type { OutboundJob } from '@conversa/shared/channels';
import { getConnection, type Connection } from '../../adapters/db/connections';
import { getCampaign, type Campaign } from '../../adapters/db/campaigns';
import { changeRecipient, getRecipient, getRun, isOptedOut, putAwaited, type StagedRecipient } from '../../adapters/db/campaign-runs';
import { mediaTypeOf } from '../messages/upload-media';
import { queueOutbound } from '../messages/queue-outbound';

export type SendJob = { companyId: number; campaignId: number; gen: number; itemId: number };

/** The digits a number is sent to (and an opt-out is keyed by). */
export const digitsOf = (number: string): string => number.replace(/\D/g, '');

/** A running generation's campaign and connection do not change: read once per container (small, bounded). */
const cache = new Map<string, Promise<{ campaign?: Campaign; connection?: Connection }>>();
function loadTargets(cid: number, id: number, gen: number): Promise<{ campaign?: Campaign; connection?: Connection }> {
  const key = `${cid}#${id}#${gen}`;
  let hit = cache.get(key);
  if (!hit) {
    if (cache.size > 200) cache.clear();
    hit = getCampaign(cid, id).then(async (campaign) => ({ campaign, connection: campaign?.whatsappId ? await getConnection(cid, campaign.whatsappId) : undefined }));
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

/** The channel job of one recipient: the confirmation text, or the message with its media (or the Cloud API template). */
export function campaignJob(c: Campaign, whatsappId: number, r: StagedRecipient, gen: number, confirmation: boolean): OutboundJob {
  const base = { companyId: c.companyId, whatsappId, chatId: digitsOf(r.number), isGroup: false, action: 'send' as const, isForwarded: false };
  if (confirmation) return { ...base, body: r.confirmationBody ?? '', campaign: { campaignId: c.id, itemId: r.itemId, gen, confirmation: true } };
  return {
    ...base,
    body: r.body,
    campaign: { campaignId: c.id, itemId: r.itemId, gen },
    ...(c.mediaKey && c.mimetype ? { mediaType: mediaTypeOf(c.mimetype), mediaKey: c.mediaKey, mimetype: c.mimetype, ...(c.mediaName ? { filename: c.mediaName } : {}) } : {}),
    ...(c.template ? { template: { name: c.template.name, language: c.template.language, params: r.params ?? [] } } : {}),
  };
}

export async function sendToRecipient(job: SendJob): Promise<'queued' | 'skipped' | 'opted_out'> {
  const { companyId: cid, campaignId: id, gen, itemId } = job;
  const [run, r] = await Promise.all([getRun(cid, id), getRecipient(cid, id, itemId)]);
  if (!run || run.gen !== gen || !r || r.gen !== gen) return 'skipped';
  const confirmed = r.status === 'confirmed';
  if (!(r.status === 'pending' || confirmed) || !(run.status === 'EM_ANDAMENTO' || (confirmed && run.status === 'FINALIZADA'))) return 'skipped';
  const digits = digitsOf(r.number);
  if (await isOptedOut(cid, digits)) {
    await changeRecipient(cid, id, itemId, { from: ['pending', 'confirmed'], to: 'opted_out', gen, set: { reason: 'opt-out' } });
    return 'opted_out';
  }
  const { campaign, connection } = await loadTargets(cid, id, gen);
  if (!campaign || !connection) {
    await changeRecipient(cid, id, itemId, { from: ['pending', 'confirmed'], to: 'failed', gen, set: { reason: connection ? 'ERR_NO_CAMPAIGN_FOUND' : 'ERR_NO_WAPP_FOUND' } });
    return 'skipped';
  }
  const askFirst = campaign.confirmation && r.status === 'pending' && !!r.confirmationBody;
  if (askFirst) await putAwaited(cid, connection.id, digits, { campaignId: id, itemId, gen });
  await queueOutbound(connection.channel, campaignJob(campaign, connection.id, r, gen, askFirst), `camp:${cid}:${id}:${itemId}:${gen}${askFirst ? ':c' : ''}`);
  return 'queued';
}
