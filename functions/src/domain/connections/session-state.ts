/**
 * What a session reports (status, QR, number) lands here: stored on the connection, then
 * `connection.status` (pushed to the company's admins on `company-{id}-whatsappSession`). A
 * disconnect that reads as a ban (WhatsApp's 403, or the account logged out) pauses the
 * connection's running campaigns (BEHAVIOUR.md "Campaigns").
 */
import { patchSession, type Connection, type SessionPatch } from '../../adapters/db/connections';
import { emit } from '../events/dispatch';

/** A disconnect reason that reads as the number banned or logged out: its campaigns cannot go on. */
export const isBanDisconnect = (reason: string | undefined): boolean => !!reason && /\(403\)|\bbanned\b|logged out/i.test(reason);

export function sessionView(c: Connection) {
  const { token: _t, provider: _p, scannedQr: _q, ...rest } = c;
  return rest;
}

export async function reportSession(companyId: number, whatsappId: number, patch: SessionPatch): Promise<Connection | undefined> {
  const after = await patchSession(companyId, whatsappId, patch);
  if (after) await emit({ type: 'connection.status', companyId, whatsappId }, { connection: after });
  // Loaded when a ban happens: the campaigns' code stays out of every bundle that shows a session.
  if (after && patch.status === 'DISCONNECTED' && isBanDisconnect(patch.reason)) await (await import('../campaigns/run')).pauseCampaignsOf(companyId, whatsappId, 'banned');
  return after;
}
