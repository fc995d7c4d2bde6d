/**
 * Spec 2 §4 auto-behaviour: with the auto flag, exactly one connection, no dialog open and that
 * connection neither CONNECTED nor OPENING → its QR dialog opens when it shows a QR, otherwise it
 * is deleted and created again with the same settings, as the default.
 */
import { isSessionChannel } from '@conversa/shared/channels';
import type { CreateConnectionBody } from '@conversa/shared/schemas/connections';
import type { Connection } from './connection';

export type AutoDecision = { kind: 'none' } | { kind: 'openQr'; id: number } | { kind: 'recreate'; connection: Connection };

export function autoDecision(input: { auto: boolean; connections: readonly Connection[] | undefined; dialogOpen: boolean }): AutoDecision {
  const { auto, connections, dialogOpen } = input;
  if (!auto || dialogOpen || !connections || connections.length !== 1) return { kind: 'none' };
  const c = connections[0]!;
  if (c.status === 'CONNECTED' || c.status === 'OPENING') return { kind: 'none' };
  if (c.status === 'qrcode') return { kind: 'openQr', id: c.id };
  // Only a session channel can be recreated from what the list shows (a Cloud API connection's
  // provider credentials are never sent back).
  if (!isSessionChannel(c.channel)) return { kind: 'none' };
  return { kind: 'recreate', connection: c };
}

/** The same settings, as the default connection. */
export function recreateBody(c: Connection): CreateConnectionBody {
  return {
    name: c.name,
    channel: c.channel === 'sandbox' ? 'sandbox' : 'whatsapp',
    isDefault: true,
    greetingMessage: c.greetingMessage,
    complationMessage: c.complationMessage,
    outOfHoursMessage: c.outOfHoursMessage,
    ratingMessage: c.ratingMessage,
    ...(c.token ? { token: c.token } : {}),
    queueIds: c.queueIds,
    reopenWindowMinutes: c.reopenWindowMinutes,
    allowGroups: c.allowGroups,
  };
}

/** `?auto=1` on the page, or the local flag 'auto'. */
export function autoFlag(search: string, stored: string | null): boolean {
  const q = new URLSearchParams(search).get('auto');
  if (q !== null) return q !== '0' && q !== 'false';
  return stored !== null && stored !== '0' && stored !== 'false';
}
