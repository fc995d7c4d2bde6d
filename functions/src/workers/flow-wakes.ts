/**
 * The flows' intervals (BEHAVIOUR.md "Flows"): a wake queued with the interval's delay continues
 * the ticket's flow if its token is still the one the state waits for (domain/flows/run-flow.ts).
 * Record by record with partial batch failures; a stale or repeated wake does nothing.
 */
import { z } from 'zod';
import { wakeFlow } from '../domain/flows/wake-flow';
import { jobWorker } from './job-worker';

const Job = z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive(), token: z.string().min(1).max(200), at: z.string().datetime() });

export const handler = jobWorker('flow wakes', Job, (job) => wakeFlow(job));
