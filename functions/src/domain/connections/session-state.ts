/**
 * What a session reports (status, QR, number) lands here: stored on the connection and pushed
 * to the company's admins on `company-{id}-whatsappSession`.
 */
import { channel } from '@conversa/shared/realtime';
import { patchSession, type Connection, type SessionPatch } from '../../adapters/db/connections';
import { publish } from '../../adapters/realtime';

export function sessionView(c: Connection) {
  const { token: _t, provider: _p, scannedQr: _q, ...rest } = c;
  return rest;
}

export async function reportSession(companyId: number, whatsappId: number, patch: SessionPatch): Promise<Connection | undefined> {
  const after = await patchSession(companyId, whatsappId, patch);
  if (after) await publish(companyId, channel.whatsappSession(companyId), { action: 'update', session: sessionView(after) }, { kind: 'admins' });
  return after;
}
