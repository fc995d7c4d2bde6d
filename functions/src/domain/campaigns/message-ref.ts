/**
 * A campaign send's channel message id, derived from its recipient (BEHAVIOUR.md "Campaigns").
 *
 * The id names the campaign, the list item, the generation and whether it is the confirmation
 * text, so the acks and the phone's echo find the recipient from the id alone: no index item is
 * written per send (one write unit less per recipient) and none is read per ack.
 * - WhatsApp (Baileys) lets the sender choose the message id: it has the legacy web format,
 *   `3EB0` + 36 upper-case hex digits, like any id WhatsApp Web made before 2024.
 * - The sandbox prefixes its own `SBX` + 9 base-36 digits of the send time (its phone's key).
 * - The Cloud API assigns its own `wamid`: the same string travels as `biz_opaque_callback_data`,
 *   which Meta hands back in every status webhook of that message.
 *
 * Layout of the 36 digits: campaign id (10), list item id (10), generation mod 2^16 (4), kind (1:
 * 0 the message, 1 the confirmation text), then 11 digits of SHA-256 over the company and those
 * 25 — so an id of another company, a customer's id, or WhatsApp's own random ids never read as a
 * campaign's (one chance in 2^44 for a random id).
 */
import { createHash } from 'node:crypto';

export type CampaignMessageRef = { campaignId: number; itemId: number; gen: number; confirmation: boolean };

const hex = (n: number, width: number): string => n.toString(16).toUpperCase().padStart(width, '0');
const check = (companyId: number, body: string): string => createHash('sha256').update(`conversa-campaign:${companyId}:${body}`).digest('hex').slice(0, 11).toUpperCase();

/** The id a campaign send goes out under (ids are below 2^40, see the schemas' Id). */
export function campaignMessageId(companyId: number, t: { campaignId: number; itemId: number; gen: number; confirmation?: boolean }): string {
  const body = `${hex(t.campaignId, 10)}${hex(t.itemId, 10)}${hex(t.gen % 0x10000, 4)}${t.confirmation ? '1' : '0'}`;
  return `3EB0${body}${check(companyId, body)}`;
}

const SHAPE = /^(?:SBX[0-9a-z]{9})?3EB0([0-9A-F]{25})([0-9A-F]{11})$/;

/** The recipient a channel id (or a Cloud API callback string) names, when it is one of this company's campaign sends. */
export function readCampaignMessageId(companyId: number, id: string | undefined): CampaignMessageRef | undefined {
  const m = id ? SHAPE.exec(id) : null;
  if (!m || check(companyId, m[1]!) !== m[2]) return undefined;
  const body = m[1]!;
  const campaignId = parseInt(body.slice(0, 10), 16);
  const itemId = parseInt(body.slice(10, 20), 16);
  if (!campaignId || !itemId) return undefined;
  return { campaignId, itemId, gen: parseInt(body.slice(20, 24), 16), confirmation: body[24] === '1' };
}
