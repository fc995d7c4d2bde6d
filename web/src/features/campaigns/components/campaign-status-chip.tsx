import { useTranslation } from 'react-i18next';
import { CirclePause } from 'lucide-react';
import type { CampaignView } from '@conversa/shared/schemas/campaigns';
import { pausedReasonKey } from '../lib/report';


/** The status in Portuguese (spec 3 §4), and why the sender paused it (a ban or rate signal) until a restart. */
export function CampaignStatusChip({ campaign }: { campaign: Pick<CampaignView, 'status' | 'pausedReason'> }) {
  const { t } = useTranslation();
  return (
    <span className="campaign-status-cell">
      <span className={`campaign-status campaign-status--${campaign.status.toLowerCase()}`} data-testid="campaign-status">
        {t(`campaigns.status.${campaign.status}`)}
      </span>
      {campaign.pausedReason ? (
        <span className="campaign-paused" data-testid="campaign-paused">
          <CirclePause size={14} aria-hidden />
          {t('campaigns.paused', { reason: pausedReasonKey(campaign.pausedReason) ? t(pausedReasonKey(campaign.pausedReason)!) : campaign.pausedReason })}
        </span>
      ) : null}
    </span>
  );
}
