/**
 * Queues and schedules, as data: the CDK workers stack and the local host both build from this.
 * Each queue has a dead-letter queue that receives a message after `maxReceives` failed tries.
 */
export type QueueDef = {
  name: string;
  fifo: boolean;
  /** Seconds a received message stays invisible before it is retried. */
  visibilityTimeout: number;
  maxReceives: number;
  batchSize: number;
  /** Module under functions/src exporting `handler` (an SQS handler with partial batch failures).
   *  Without one, the queue is consumed by the session host. */
  handler?: string;
  /** The consumer's Lambda memory (MB; default 512, infra's AppFunction). */
  memoryMb?: number;
  /** The consumer may Scan the table (the company-deletion job); no other function may. */
  scansTable?: true;
};

export const QUEUE = {
  /** Every channel → the inbound worker; FIFO group per company + connection + chat. */
  inbound: 'inbound',
  /** Sends for session channels (WhatsApp, sandbox), consumed by the session host. */
  outboundSession: 'outbound-session',
  /** Sends for the Graph channels (Cloud API, Messenger, Instagram), consumed by a worker. */
  outboundGraph: 'outbound-graph',
  /** What a person or a test plays on a sandbox "phone", consumed by the session host. */
  sandboxPhone: 'sandbox-phone',
  /** Contact imports (POST /contacts/upload): one message per job, re-sent to go on after a time slice. */
  contactsImport: 'contacts-import',
  /** Company deletions (DELETE /companies/{id}): one message per job, re-sent to go on after a time slice. */
  companyDeletion: 'company-deletion',
  /** Company backups (POST /backup-database): one message per job, re-sent to go on after a time slice. */
  companyBackup: 'company-backup',
  /** E-mails to send (password resets, campaign pause notices): the only function that holds the SMTP password. */
  mailSends: 'mail-sends',
  /** Scheduled messages that are due (the tick queues them with a delay for the seconds): the schedule sender. */
  scheduleSends: 'schedule-sends',
  /** Campaign staging (one recipient per list item) and a deleted campaign's purge: one message per job, re-sent to go on after a time slice. */
  campaignStage: 'campaign-stage',
  /** Campaign sends, each with the delay the planner gave it (≤ 15 min): the sender puts it on the channel's outbound queue. */
  campaignSends: 'campaign-sends',
  /** A flow's interval (1–120 s): the wake of a ticket's flow, delayed by the interval; the flow goes on if its token still matches. */
  flowWakes: 'flow-wakes',
} as const;

export const QUEUES: readonly QueueDef[] = [
  // 180 s: the worker's Lambda gets a sixth (30 s), room for a 20 MB media download.
  // 512 MB: the pipeline bench's stack process, which runs this worker with every other handler, peaks
  // near 310 MB resident (test/bench/pipeline.ts prints it): the worker alone stays well under, with headroom.
  { name: QUEUE.inbound, fifo: true, visibilityTimeout: 180, maxReceives: 5, batchSize: 10, handler: 'workers/inbound', memoryMb: 512 },
  // Hosts hand back jobs of sessions they don't run (each hand-back counts as a receive): a high count.
  { name: QUEUE.outboundSession, fifo: true, visibilityTimeout: 60, maxReceives: 50, batchSize: 10 },
  { name: QUEUE.outboundGraph, fifo: true, visibilityTimeout: 60, maxReceives: 5, batchSize: 10, handler: 'workers/outbound-graph' },
  { name: QUEUE.sandboxPhone, fifo: true, visibilityTimeout: 30, maxReceives: 50, batchSize: 10 },
  // One job per record; the worker's Lambda gets 30 s and hands the rest of a big file to the next message.
  // Standard (per-message delays up to 15 min); a job may come twice: the sender claims the schedule first.
  { name: QUEUE.scheduleSends, fifo: false, visibilityTimeout: 60, maxReceives: 5, batchSize: 10, handler: 'workers/schedule-sends' },
  // Standard (per-message delays); a job may come twice: the sender checks RUN's generation and the recipient's status, the host claims it.
  { name: QUEUE.campaignSends, fifo: false, visibilityTimeout: 60, maxReceives: 5, batchSize: 10, handler: 'workers/campaign-sends' },
  // Standard (per-message delays up to 15 min; an interval is ≤ 120 s); a wake may come twice: the flow's token and its seq make the second do nothing.
  { name: QUEUE.flowWakes, fifo: false, visibilityTimeout: 60, maxReceives: 5, batchSize: 10, handler: 'workers/flow-wakes' },
  // One job per record; the stager's position is on RUN, so a retry or the next slice goes on from there.
  { name: QUEUE.campaignStage, fifo: false, visibilityTimeout: 180, maxReceives: 5, batchSize: 1, handler: 'workers/campaign-stage' },
  // An e-mail a record; SMTP failures are retried (the queue's delay), then dead-lettered (alarmed).
  { name: QUEUE.mailSends, fifo: false, visibilityTimeout: 60, maxReceives: 5, batchSize: 10, handler: 'workers/mail-sends' },
  { name: QUEUE.contactsImport, fifo: false, visibilityTimeout: 180, maxReceives: 3, batchSize: 1, handler: 'workers/contacts-import' },
  // One job per record, 60 s a slice; the job's position is on its item, so a retry goes on from there.
  // The only consumer granted a Scan of the table (the job's own, never a request path).
  { name: QUEUE.companyDeletion, fifo: false, visibilityTimeout: 360, maxReceives: 5, batchSize: 1, handler: 'workers/company-deletion', scansTable: true },
  // Same shape: a job reads the company's items for its Lambda's time (a sixth: 150 s), uploads 5 MB parts, then hands on.
  { name: QUEUE.companyBackup, fifo: false, visibilityTimeout: 900, maxReceives: 3, batchSize: 1, handler: 'workers/company-backup', scansTable: true },
];

/** The EventBridge tick: every minute the tick worker runs the due work. */
export const TICK = { handler: 'workers/tick', everyMinutes: 1 } as const;

/** The environment variable holding a queue's URL (same rule as the CDK). */
export const queueUrlEnvName = (name: string): string => `QUEUE_URL_${name.replace(/\.fifo$/, '').replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;
