import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { campaignMessageId, readCampaignMessageId } from './message-ref';

describe('campaign message ids', () => {
  const t = { campaignId: 12, itemId: 2 ** 40 - 1, gen: 3 };

  it('reads back the recipient, in the legacy WhatsApp Web shape', () => {
    const id = campaignMessageId(7, t);
    expect(id).toMatch(/^3EB0[0-9A-F]{36}$/);
    expect(readCampaignMessageId(7, id)).toEqual({ ...t, confirmation: false });
    expect(readCampaignMessageId(7, campaignMessageId(7, { ...t, confirmation: true }))).toEqual({ ...t, confirmation: true });
  });

  it('a confirmation text and its message have different ids; a restart too', () => {
    const ids = new Set([campaignMessageId(7, t), campaignMessageId(7, { ...t, confirmation: true }), campaignMessageId(7, { ...t, gen: 4 })]);
    expect(ids.size).toBe(3);
  });

  it('reads through the sandbox prefix and as Cloud API callback data', () => {
    expect(readCampaignMessageId(7, `SBX${Date.now().toString(36).padStart(9, '0')}${campaignMessageId(7, t)}`)).toMatchObject(t);
  });

  it("never reads another company's id, a tampered id, or WhatsApp's own ids", () => {
    const id = campaignMessageId(7, t);
    expect(readCampaignMessageId(8, id)).toBeUndefined();
    expect(readCampaignMessageId(7, id.slice(0, 10) + (id[10] === 'A' ? 'B' : 'A') + id.slice(11))).toBeUndefined();
    expect(readCampaignMessageId(7, undefined)).toBeUndefined();
    expect(readCampaignMessageId(7, 'wamid.HBgLNTUxMTk5OTk5OTk5FQIAERgSQUFBQUFBQUFBQUFBQUFBQUFBAA==')).toBeUndefined();
    for (let i = 0; i < 2000; i++) {
      expect(readCampaignMessageId(7, `3EB0${randomBytes(18).toString('hex').toUpperCase()}`)).toBeUndefined();
    }
  });
});
