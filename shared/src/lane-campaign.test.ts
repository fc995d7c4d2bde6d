import { describe, expect, it } from 'vitest';
import { laneCampaignSendAt } from './lane-campaign';

const at = (iso: string) => new Date(iso);
// São Paulo is UTC−3 all year (no daylight saving since 2019).
describe('a lane campaign send time (spec 3 §4: 18:01–18:30 local, tomorrow from 18:00)', () => {
  it('17:59 local sends today; the draws pick minute and second within the window', () => {
    expect(laneCampaignSendAt(at('2026-11-26T20:59:00Z'), () => 0).toISOString()).toBe('2026-11-26T21:01:00.000Z');
    expect(laneCampaignSendAt(at('2026-11-26T20:59:59Z'), () => 0.999999).toISOString()).toBe('2026-11-26T21:30:59.000Z');
  });
  it('18:00 and 23:00 local send tomorrow', () => {
    expect(laneCampaignSendAt(at('2026-11-26T21:00:00Z'), () => 0).toISOString()).toBe('2026-11-27T21:01:00.000Z');
    expect(laneCampaignSendAt(at('2026-11-27T02:00:00Z'), () => 0.5).toISOString()).toBe('2026-11-27T21:16:30.000Z');
  });
  it('00:30 local (03:30 UTC) is the new local day, still before 18:00: that evening', () => {
    expect(laneCampaignSendAt(at('2026-11-27T03:30:00Z'), () => 0).toISOString()).toBe('2026-11-27T21:01:00.000Z');
  });
  it('a month and a year roll over', () => {
    expect(laneCampaignSendAt(at('2026-12-31T22:00:00Z'), () => 0).toISOString()).toBe('2027-01-01T21:01:00.000Z');
  });
  it('another zone counts in its own wall clock', () => {
    expect(laneCampaignSendAt(at('2026-06-01T16:59:00Z'), () => 0, 'Europe/Lisbon').toISOString()).toBe('2026-06-01T17:01:00.000Z');
  });
});
