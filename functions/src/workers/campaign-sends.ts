/**
 * The campaign sender's queue worker (domain/campaigns/send.ts): one recipient's job per record,
 * record by record with partial batch failures (a failing record is retried, then dead-lettered;
 * the recipient stays pending and a restart sends it).
 */
import { z } from 'zod';
import { sendToRecipient } from '../domain/campaigns/send';
import { jobWorker } from './job-worker';

const Id = z.number().int().positive();
const Job = z.object({ companyId: Id, campaignId: Id, gen: Id, itemId: Id });

export const handler = jobWorker('campaign sender', Job, (job) => sendToRecipient(job), { ok: 'CampaignJobs', failed: 'CampaignJobsFailed' });
