/**
 * A campaign as the screens see it (CampaignView: the campaign, its run's status and counters, the
 * names of its list and connection) and its announcement on the company's `campaign` channel
 * (spec 3 §7; admins only, like the contact lists).
 */
import { EMPTY_COUNTS, type CampaignView } from '@conversa/shared/schemas/campaigns';
import type { Campaign, CampaignRun } from '../../adapters/db/campaigns';
import { getConnection } from '../../adapters/db/connections';
import { getList } from '../../adapters/db/contact-lists';
import { emit } from '../events/dispatch';

export type CampaignNames = {
  contactList?: { id: number; name: string } | null;
  whatsapp?: { id: number; name: string; channel: string } | null;
};

/** The view: the run's status and counters when it has run (the campaign item mirrors the status, the counters live on RUN only). */
export function campaignView(c: Campaign, run?: CampaignRun, names: CampaignNames = {}): CampaignView {
  return {
    id: c.id, name: c.name,
    message1: c.message1, message2: c.message2, message3: c.message3, message4: c.message4, message5: c.message5,
    confirmationMessage1: c.confirmationMessage1, confirmationMessage2: c.confirmationMessage2, confirmationMessage3: c.confirmationMessage3,
    confirmationMessage4: c.confirmationMessage4, confirmationMessage5: c.confirmationMessage5,
    status: run && run.status !== 'INATIVA' && run.status !== 'PROGRAMADA' ? run.status : c.status,
    confirmation: c.confirmation, scheduledAt: c.scheduledAt, completedAt: c.completedAt,
    whatsappId: c.whatsappId, contactListId: c.contactListId, companyId: c.companyId,
    mediaPath: c.mediaKey, mediaName: c.mediaName, template: c.template,
    contactList: names.contactList ?? (c.contactListId ? { id: c.contactListId, name: '' } : null),
    whatsapp: names.whatsapp ?? null,
    pausedReason: c.pausedReason,
    counts: { ...EMPTY_COUNTS, ...run?.counts },
    createdAt: c.createdAt, updatedAt: c.updatedAt,
  };
}

/** The names a view shows, read from the list and the connection (either may be gone). */
export async function campaignNames(c: Pick<Campaign, 'companyId' | 'contactListId' | 'whatsappId'>): Promise<CampaignNames> {
  const [list, conn] = await Promise.all([
    c.contactListId ? getList(c.companyId, c.contactListId) : undefined,
    c.whatsappId ? getConnection(c.companyId, c.whatsappId) : undefined,
  ]);
  return {
    contactList: list ? { id: list.id, name: list.name } : null,
    whatsapp: conn ? { id: conn.id, name: conn.name, channel: conn.channel } : null,
  };
}

/** `campaign.saved` / `campaign.deleted` after the write: the `campaign` channel's create, update or delete. */
export function announceCampaign(view: CampaignView, action: 'create' | 'update' | 'delete'): Promise<void> {
  if (action === 'delete') return emit({ type: 'campaign.deleted', companyId: view.companyId, campaignId: view.id }, {});
  return emit({ type: 'campaign.saved', companyId: view.companyId, campaignId: view.id, created: action === 'create' }, { view });
}
