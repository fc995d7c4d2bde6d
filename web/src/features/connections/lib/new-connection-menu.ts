/**
 * The new-connection menu (spec 2 "Connections list", §6): WhatsApp items always, disabled when
 * the plan's useWhatsapp is off; Facebook and Instagram only on the ultimate tier, each disabled
 * when its flag is off.
 */
import type { PlanView } from '@conversa/shared/roles';

export type NewConnectionKind = 'whatsapp' | 'sandbox' | 'wppoficial' | 'facebook' | 'instagram';
export type NewConnectionItem = { kind: NewConnectionKind; disabled: boolean };

export function newConnectionItems(plan: PlanView | undefined): NewConnectionItem[] {
  const whatsappOff = !plan?.useWhatsapp;
  const items: NewConnectionItem[] = [
    { kind: 'whatsapp', disabled: whatsappOff },
    { kind: 'sandbox', disabled: whatsappOff },
    { kind: 'wppoficial', disabled: whatsappOff },
  ];
  if (plan?.tier === 'ultimate') {
    items.push({ kind: 'facebook', disabled: !plan.useFacebook }, { kind: 'instagram', disabled: !plan.useInstagram });
  }
  return items;
}
