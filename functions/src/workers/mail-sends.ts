/**
 * The mail worker (queue mail-sends): each record one e-mail (domain/mail/queue-mail.ts), sent
 * through SMTP record by record with partial batch failures; a failed send is retried by the
 * queue, then dead-lettered. The only function with the SMTP settings and password.
 */
import { MailJob } from '../domain/mail/queue-mail';
import { deliverMail } from '../domain/mail/send-mail';
import { jobWorker } from './job-worker';

export const handler = jobWorker('mail worker', MailJob, (job) => deliverMail(job), { ok: 'MailsSent', failed: 'MailsFailed' });
