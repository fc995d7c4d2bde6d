/**
 * The toasts of a lane move's campaign outcome (spec 3 §4, §8), in the user's language: a campaign
 * started after one of another lane was replaced shows 'Campanha nº {old} excluída' first, then the
 * started one (10 s, spec 3 §2's campaign-start toasts); kept says it is already in progress;
 * moving back to 'Em aberto' says 'Campanhas zeradas'.
 */
import { CAMPAIGN_TOAST_MS } from '@conversa/shared/constants';
import type { LaneCampaignOutcome } from '@conversa/shared/schemas/tags';

export type CampaignToast = { kind: 'success' | 'info'; key: string; values: Record<string, string | number>; ms?: number };

export function campaignToasts(o: LaneCampaignOutcome): CampaignToast[] {
  switch (o.kind) {
    case 'none':
      return [];
    case 'cleared':
      return [{ kind: 'success', key: 'kanban.toast.cleared', values: {} }];
    case 'kept':
      return [{ kind: 'info', key: 'kanban.toast.kept', values: { n: o.campaign, name: o.contactName } }];
    case 'started':
      return [
        ...o.replaced.map((n): CampaignToast => ({ kind: 'info', key: 'kanban.toast.deleted', values: { n } })),
        { kind: 'success', key: 'kanban.toast.started', values: { n: o.campaign, name: o.contactName }, ms: CAMPAIGN_TOAST_MS },
      ];
  }
}
