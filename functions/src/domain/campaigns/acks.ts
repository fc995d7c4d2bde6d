/**
 * What the channel says back about a campaign send (the inbound worker): acks move the recipient
 * up only (sent → delivered → read, with their times), a failure reported later marks it failed,
 * and a send's result carrying a rate-limit or ban signal pauses the campaigns on the connection.
 * No ticket is ever touched: the external index item names the recipient.
 */
import type { InboundUpdate, SendResult } from '@conversa/shared/channels';
import { changeRecipient } from '../../adapters/db/campaign-runs';
import { pauseCampaignsOf } from './run';

export async function applyCampaignUpdate(u: InboundUpdate, to: { campaignId: number; itemId: number }): Promise<'applied' | 'stale'> {
  const at = new Date(u.timestamp).toISOString();
  const change = u.error
    ? changeRecipient(u.companyId, to.campaignId, to.itemId, { from: ['sent', 'delivered'], to: 'failed', set: { reason: u.error.slice(0, 500) } })
    : u.ack !== undefined && u.ack >= 3
      ? changeRecipient(u.companyId, to.campaignId, to.itemId, { from: ['sent', 'delivered'], to: 'read', set: { readAt: at } })
      : u.ack === 2
        ? changeRecipient(u.companyId, to.campaignId, to.itemId, { from: ['sent'], to: 'delivered', set: { deliveredAt: at } })
        : undefined;
  return (await change) ? 'applied' : 'stale';
}

/** The sender already recorded the outcome on the recipient; a signal pauses the connection's campaigns and tells the admins. */
export async function applyCampaignSendResult(r: SendResult): Promise<'applied'> {
  if (r.signal) await pauseCampaignsOf(r.companyId, r.whatsappId, r.signal);
  return 'applied';
}
