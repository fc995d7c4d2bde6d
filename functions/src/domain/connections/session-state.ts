/**
 * What a session reports (status, QR, number) lands here: stored on the connection, then
 * `connection.status` (pushed to the company's admins on `company-{id}-whatsappSession`).
 */
import { patchSession, type Connection, type SessionPatch } from '../../adapters/db/connections';
import { emit } from '../events/dispatch';

export function sessionView(c: Connection) {
  const { token: _t, provider: _p, scannedQr: _q, ...rest } = c;
  return rest;
}

export async function reportSession(companyId: number, whatsappId: number, patch: SessionPatch): Promise<Connection | undefined> {
  const after = await patchSession(companyId, whatsappId, patch);
  if (after) await emit({ type: 'connection.status', companyId, whatsappId }, { connection: after });
  return after;
}
