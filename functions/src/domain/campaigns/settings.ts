/** The company's campaign settings as the sender reads them (POST /campaign-settings stores them: adapters/db/campaigns.ts #117). */
import type { CampaignSettings } from '@conversa/shared/schemas/campaigns';
import { getCampaignSettings } from '../../adapters/db/campaigns';

/** Each key as stored when valid, else its default. */
export async function campaignSettings(cid: number): Promise<CampaignSettings> {
  const { rev: _rev, ...settings } = await getCampaignSettings(cid);
  return settings;
}
