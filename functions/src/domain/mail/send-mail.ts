/** The mail worker's one job (workers/mail-sends.ts): one queued e-mail through SMTP. */
import { sendMail } from '../../adapters/mailer';
import type { MailJob } from './queue-mail';

export async function deliverMail(job: MailJob): Promise<void> {
  await sendMail(job.to, job.subject, job.text);
}
