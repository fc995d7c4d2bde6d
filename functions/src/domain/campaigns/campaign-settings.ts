/**
 * The company's campaign settings (spec 3 §3 "Campaign settings", §5, §9; BEHAVIOUR.md
 * "Campaigns"): the random interval between messages, the longer pause after every N messages,
 * the custom variables, and the per-connection daily cap. Defaults 20 s / 20 / 60 s and 1,000.
 * GET answers them with the defaults filled in; POST changes the keys it sends. `variables` is
 * the list the page holds, taken with each key once (the first of a repeated key is kept: a
 * shortcut is added only when its key is new, spec 3 §5).
 */
import { addVariable, type CampaignSettings } from '@conversa/shared/schemas/campaigns';
import { getCampaignSettings, putCampaignSettings } from '../../adapters/db/campaigns';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/record-audit';
import type { AuthContext } from '../auth/authenticate';

const settingsOf = ({ rev: _rev, ...s }: CampaignSettings & { rev: number }): CampaignSettings => s;

export const campaignSettings = async (auth: Pick<AuthContext, 'companyId'>): Promise<CampaignSettings> => settingsOf(await getCampaignSettings(auth.companyId));

/** POST /campaign-settings: the keys sent replace the stored ones; another save in between makes it read again. */
export async function saveCampaignSettings(auth: AuthContext, change: Partial<CampaignSettings>): Promise<CampaignSettings> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const was = await getCampaignSettings(auth.companyId);
    const before = settingsOf(was);
    const after: CampaignSettings = {
      ...before,
      ...change,
      variables: change.variables ? change.variables.reduce(addVariable, []) : before.variables,
    };
    if (!(await putCampaignSettings(auth.companyId, after, was.rev))) continue;
    await recordAudit(auth, { action: 'campaignSettings.update', before, after });
    return after;
  }
  throw new AppError('ERR_CONFLICT');
}
