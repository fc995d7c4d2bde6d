import { describe, expect, it } from 'vitest';
import { SEED_PLANS } from '@conversa/shared/plans';
import { newConnectionItems } from './new-connection-menu';

const plan = (tier: 'basico' | 'empresarial' | 'ultimate' | 'inicial') => SEED_PLANS.find((p) => p.tier === tier)!;

describe('new-connection menu by plan (spec 2 "Connections list", §6)', () => {
  it('below ultimate: the WhatsApp items only', () => {
    for (const tier of ['inicial', 'basico', 'empresarial'] as const) {
      expect(newConnectionItems(plan(tier)).map((i) => i.kind)).toEqual(['whatsapp', 'sandbox', 'wppoficial']);
    }
  });
  it('ultimate adds Facebook and Instagram, enabled by their flags', () => {
    expect(newConnectionItems(plan('ultimate'))).toEqual([
      { kind: 'whatsapp', disabled: false },
      { kind: 'sandbox', disabled: false },
      { kind: 'wppoficial', disabled: false },
      { kind: 'facebook', disabled: false },
      { kind: 'instagram', disabled: false },
    ]);
    const items = newConnectionItems({ ...plan('ultimate'), useFacebook: false, useInstagram: true });
    expect(items.find((i) => i.kind === 'facebook')?.disabled).toBe(true);
    expect(items.find((i) => i.kind === 'instagram')?.disabled).toBe(false);
  });
  it('useWhatsapp off disables every WhatsApp item (the server refuses them too)', () => {
    const items = newConnectionItems({ ...plan('ultimate'), useWhatsapp: false });
    expect(items.filter((i) => i.disabled).map((i) => i.kind)).toEqual(['whatsapp', 'sandbox', 'wppoficial']);
  });
  it('no plan known: nothing can be created', () => {
    expect(newConnectionItems(undefined).every((i) => i.disabled)).toBe(true);
  });
});
