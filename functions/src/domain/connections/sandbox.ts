/**
 * The sandbox channel's "phone" (DESIGN.md "Channels"): confirm the QR, play a customer. The
 * played message travels the sandbox-phone queue to the session host that runs the connection,
 * whose driver turns it into an inbound envelope like any WhatsApp message.
 */
import { randomBytes } from 'node:crypto';
import { chatGroupId } from '@conversa/shared/channels';
import type { SandboxInboundBody, SandboxPhoneMessage } from '@conversa/shared/schemas/sandbox';
import { getConnection, recordScan } from '../../adapters/db/connections';
import { enqueue } from '../../adapters/queue';
import { listOutbox, listReadReceipts } from '../../adapters/db/sandbox-outbox';
import { QUEUE } from '../../adapters/queue-config';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { checkUploaded } from '../messages/upload-media';
import { findConnection } from './manage-connections';

async function sandboxConnection(auth: AuthContext, id: number) {
  const c = await findConnection(auth, id);
  if (c.channel !== 'sandbox') throw new AppError('ERR_NO_WAPP_FOUND');
  return c;
}

/**
 * The sandbox phone reads the QR: the one the caller saw (`qrcode`, as the screen showed it), else
 * the current one. It pairs when that QR is still the connection's QR as the scan is recorded, even
 * if the host rotates it a moment later; a QR already replaced is ERR_SANDBOX_QR_EXPIRED (scan the
 * new one).
 */
export async function scanSandboxQr(auth: AuthContext, id: number, qrcode?: string): Promise<void> {
  const c = await sandboxConnection(auth, id);
  if (c.status !== 'qrcode' || !c.qrcode) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  const named = qrcode ?? c.qrcode;
  if (await recordScan(auth.companyId, id, named, new Date().toISOString())) return;
  const now = await getConnection(auth.companyId, id, true);
  throw new AppError(now?.status === 'qrcode' ? 'ERR_SANDBOX_QR_EXPIRED' : 'ERR_WAPP_NOT_INITIALIZED');
}

export async function playCustomer(auth: AuthContext, id: number, input: SandboxInboundBody): Promise<{ id: string }> {
  const c = await sandboxConnection(auth, id);
  if (c.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  // The customer's file is one the caller uploaded (their company's, present, its bytes of its type).
  if (input.media) input = { ...input, media: { ...input.media, mimetype: (await checkUploaded(auth.companyId, input.media)).mimetype } };
  return putOnPhone(auth.companyId, id, input);
}

/**
 * What a customer does on a sandbox phone, put on the phone's queue for the session host (the
 * caller checked the connection). Every play is a delivery of its own: a repeated id is a
 * duplicate the pipeline must absorb.
 */
export async function putOnPhone(companyId: number, whatsappId: number, input: SandboxInboundBody): Promise<{ id: string }> {
  const msg: SandboxPhoneMessage = { ...input, companyId, whatsappId, id: input.id ?? `SBI${randomBytes(9).toString('base64url')}`, at: Date.now() };
  await enqueue(QUEUE.sandboxPhone, msg, { groupId: chatGroupId(companyId, whatsappId, input.group?.id ?? input.from), dedupId: randomBytes(12).toString('base64url') });
  return { id: msg.id };
}

/**
 * What the sandbox "phone" received, with its acks (oldest first; the cursor pages back); the
 * first page also carries the newest read receipts it got (`reads`).
 */
export async function sandboxOutbox(auth: AuthContext, id: number, cursor: string | undefined, limit: number) {
  await sandboxConnection(auth, id);
  const [page, reads] = await Promise.all([listOutbox(auth.companyId, id, { cursor, limit }), cursor ? undefined : listReadReceipts(auth.companyId, id)]);
  return { ...page, ...(reads ? { reads } : {}) };
}
