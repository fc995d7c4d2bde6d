/** The company's campaign settings as the sender reads them (POST /campaign-settings stores them as the company setting `campaignSettings`, JSON). */
import { CampaignSettings, DEFAULT_CAMPAIGN_SETTINGS } from '@conversa/shared/schemas/campaigns';
import { readCampaignSettingsValue } from '../../adapters/db/campaign-runs';
import { log } from '../../lib/log';

/** The company's campaign settings: each key as stored when valid, else its default. */
export async function campaignSettings(cid: number): Promise<CampaignSettings> {
  const raw = await readCampaignSettingsValue(cid);
  let stored: Record<string, unknown> = {};
  try {
    stored = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    log.warn('campaign settings: stored value is not JSON; defaults used', { companyId: cid });
  }
  const out: Record<string, unknown> = { ...DEFAULT_CAMPAIGN_SETTINGS };
  for (const key of Object.keys(CampaignSettings.shape) as (keyof CampaignSettings)[]) {
    const one = CampaignSettings.shape[key].safeParse(stored[key]);
    if (one.success) out[key] = one.data;
  }
  return out as CampaignSettings;
}
