import { chatGroupId, isSessionChannel, type Channel, type OutboundJob } from '@conversa/shared/channels';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';

/** Puts a job on its channel's sender queue (the session host's for WhatsApp and the sandbox, the Graph worker's for the others), one FIFO group per chat. */
export async function queueOutbound(channel: Channel, job: OutboundJob, dedupId: string): Promise<void> {
  await enqueue(isSessionChannel(channel) ? QUEUE.outboundSession : QUEUE.outboundGraph, job, { groupId: chatGroupId(job.companyId, job.whatsappId, job.chatId), dedupId });
}
