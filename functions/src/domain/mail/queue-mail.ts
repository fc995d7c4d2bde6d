/**
 * E-mail goes through a queue (worker workers/mail-sends.ts): the use-case that writes a mail only
 * queues it, so no request path holds the SMTP password (issue 24, least privilege), and an SMTP
 * server that is down costs a retry, not the request.
 */
import { z } from 'zod';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';

export const MailJob = z.object({ to: z.string().email().max(254), subject: z.string().min(1).max(300), text: z.string().min(1).max(100_000) }).strict();
export type MailJob = z.infer<typeof MailJob>;

export async function queueMail(to: string, subject: string, text: string): Promise<void> {
  await enqueue(QUEUE.mailSends, MailJob.parse({ to, subject, text }));
}
