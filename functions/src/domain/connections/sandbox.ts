/**
 * The sandbox channel's "phone" (DESIGN.md "Channels"): confirm the QR, play a customer. The
 * played message travels the sandbox-phone queue to the session host that runs the connection,
 * whose driver turns it into an inbound envelope like any WhatsApp message.
 */
import { randomBytes } from 'node:crypto';
import { chatGroupId } from '@conversa/shared/channels';
import type { SandboxInboundBody, SandboxPhoneMessage } from '@conversa/shared/schemas/sandbox';
import { setScannedAt } from '../../adapters/db/connections';
import { enqueue } from '../../adapters/queue';
import { listOutbox } from '../../adapters/db/sandbox-outbox';
import { QUEUE } from '../../workers/queues';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { findConnection } from './manage-connections';

async function sandboxConnection(auth: AuthContext, id: number) {
  const c = await findConnection(auth, id);
  if (c.channel !== 'sandbox') throw new AppError('ERR_NO_WAPP_FOUND');
  return c;
}

export async function scanSandboxQr(auth: AuthContext, id: number): Promise<void> {
  const c = await sandboxConnection(auth, id);
  if (c.status !== 'qrcode') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  await setScannedAt(auth.companyId, id, new Date().toISOString());
}

export async function playCustomer(auth: AuthContext, id: number, input: SandboxInboundBody): Promise<{ id: string }> {
  const c = await sandboxConnection(auth, id);
  if (c.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  const msg: SandboxPhoneMessage = { ...input, companyId: auth.companyId, whatsappId: id, id: input.id ?? `SBI${randomBytes(9).toString('base64url')}`, at: Date.now() };
  // Every play is a delivery of its own (a repeated id is a duplicate the pipeline must absorb).
  await enqueue(QUEUE.sandboxPhone, msg, { groupId: chatGroupId(auth.companyId, id, input.group?.id ?? input.from), dedupId: randomBytes(12).toString('base64url') });
  return { id: msg.id };
}

/** What the sandbox "phone" received, with its acks (oldest first; the cursor pages back). */
export async function sandboxOutbox(auth: AuthContext, id: number, cursor: string | undefined, limit: number) {
  await sandboxConnection(auth, id);
  return listOutbox(auth.companyId, id, { cursor, limit });
}
