/**
 * Session commands (DESIGN.md "Channels"): what the API asks a running session to do besides
 * sending — create a group, list the chats it knows. Out on the outbound-session queue (the host
 * holding the connection's lease takes it), back on the inbound queue as a CommandResult
 * (command-results.ts applies it).
 */
import { chatGroupId, type SessionCommand } from '@conversa/shared/channels';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';

/** One FIFO group per request (commands never wait behind a chat's sends); the request id dedupes. */
export async function sendCommand(c: SessionCommand): Promise<void> {
  await enqueue(QUEUE.outboundSession, c, { groupId: chatGroupId(c.companyId, c.whatsappId, `cmd:${c.requestId}`), dedupId: `cmd:${c.requestId}` });
}
