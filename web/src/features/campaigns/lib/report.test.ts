import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import { EMPTY_COUNTS, type CampaignsPage, type CampaignView } from '@conversa/shared/schemas/campaigns';
import { removeCampaign, upsertCampaign } from './campaigns-cache';
import { canRestart, canStop, pausedReasonKey, progressPercent, reportCounters, statusSlices } from './report';

const counts = { ...EMPTY_COUNTS, total: 12, valid: 10, invalid: 2, pending: 3, sent: 2, delivered: 2, read: 1, failed: 1, optedOut: 1 };

describe('report figures', () => {
  it('progress is what is done over the valid recipients', () => {
    expect(progressPercent(counts)).toBe(70);
    expect(progressPercent(EMPTY_COUNTS)).toBe(0);
  });

  it('counters add the later statuses in: read was delivered and sent', () => {
    const byKey = Object.fromEntries(reportCounters(counts, false).map((c) => [c.key, c.value]));
    expect(byKey).toMatchObject({ valid: 10, sent: 5, delivered: 3, read: 1, failed: 1, pending: 3, invalid: 2, optedOut: 1, confirmed: 0, confirmationRequested: 0 });
    expect(reportCounters(counts, false).filter((c) => c.main).map((c) => c.key)).toEqual(['valid', 'delivered', 'confirmationRequested', 'confirmed']);
  });

  it('in a confirmation campaign a recipient whose message went out had confirmed, and was asked', () => {
    const c = { ...counts, confirmationRequested: 2, confirmed: 1 };
    const byKey = Object.fromEntries(reportCounters(c, true).map((x) => [x.key, x.value]));
    expect(byKey).toMatchObject({ confirmed: 6, confirmationRequested: 8 });
  });

  it('the chart has one slice per status present', () => {
    expect(statusSlices(counts).map((s) => [s.key, s.value])).toEqual([
      ['pending', 3], ['sent', 2], ['delivered', 2], ['read', 1], ['failed', 1], ['opted_out', 1], ['invalid', 2],
    ]);
  });

  it('a pause on a channel signal is said in words, another reason as it is', () => {
    expect(pausedReasonKey('banned')).toBe('campaigns.pausedReasons.banned');
    expect(pausedReasonKey('rate_limit')).toBe('campaigns.pausedReasons.rate_limit');
    expect(pausedReasonKey('sessão desconectada')).toBeUndefined();
  });

  it('stop only when running, restart only when cancelled', () => {
    expect([canStop('EM_ANDAMENTO'), canStop('CANCELADA'), canRestart('CANCELADA'), canRestart('FINALIZADA')]).toEqual([true, false, true, false]);
  });
});

describe('live list edits', () => {
  const at = '2026-03-10T12:00:00.000Z';
  const c = (id: number, name = `C${id}`): CampaignView => ({
    id, name, message1: 'x', message2: '', message3: '', message4: '', message5: '', confirmationMessage1: '', confirmationMessage2: '', confirmationMessage3: '', confirmationMessage4: '', confirmationMessage5: '',
    status: 'INATIVA', confirmation: false, scheduledAt: null, completedAt: null, whatsappId: null, contactListId: null, companyId: 1, mediaPath: null, mediaName: null, template: null,
    contactList: null, whatsapp: null, pausedReason: null, counts: EMPTY_COUNTS, createdAt: at, updatedAt: at,
  });
  const data: InfiniteData<CampaignsPage> = { pages: [{ records: [c(2), c(1)], hasMore: false }], pageParams: [{ page: 1 }] };

  it('an update replaces in place, a new one goes first, a delete removes', () => {
    expect(upsertCampaign(data, c(1, 'Renamed'))!.pages[0]!.records.map((x) => x.name)).toEqual(['C2', 'Renamed']);
    expect(upsertCampaign(data, c(3))!.pages[0]!.records.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(removeCampaign(data, 2)!.pages[0]!.records.map((x) => x.id)).toEqual([1]);
    expect(removeCampaign(data, 9)).toBe(data);
  });
});
