/**
 * The report's figures from a campaign's counters (BEHAVIOUR.md "Campaigns": valid, delivered,
 * confirmation requested, confirmed; and sent, failed, pending): the progress bar's share and the
 * chart's slices, each a recipient status with its colour.
 */
import { SEND_SIGNALS } from '@conversa/shared/channels';
import type { CampaignCounts, CampaignStatus, RecipientStatus } from '@conversa/shared/schemas/campaigns';

/** Spec 3 §4: the report refreshes 5 seconds after a finished update arrives. */
export const REPORT_REFRESH_MS = 5000;

/** Recipients that are done: sent (and later delivered/read), failed, opted out. Invalid ones never count: they are not valid. */
export function doneCount(c: CampaignCounts): number {
  return c.sent + c.delivered + c.read + c.failed + c.optedOut;
}

/** How far the campaign is, 0–100, over the valid recipients. */
export function progressPercent(c: CampaignCounts): number {
  if (c.valid <= 0) return 0;
  return Math.min(100, Math.round((doneCount(c) / c.valid) * 100));
}

export type Slice = { key: RecipientStatus; value: number; color: string };

export const STATUS_COLORS: Record<RecipientStatus, string> = {
  pending: '#94a3b8',
  confirmation_requested: '#f59e0b',
  confirmed: '#a855f7',
  sent: '#3b82f6',
  delivered: '#14b8a6',
  read: '#22c55e',
  failed: '#ef4444',
  opted_out: '#f97316',
  invalid: '#64748b',
};

/**
 * The chart's slices: every recipient in exactly one status (the counters of sent, delivered and
 * read are disjoint, as each recipient holds one status), empty ones left out.
 */
export function statusSlices(c: CampaignCounts): Slice[] {
  const values: Record<RecipientStatus, number> = {
    pending: c.pending,
    confirmation_requested: c.confirmationRequested,
    confirmed: c.confirmed,
    sent: c.sent,
    delivered: c.delivered,
    read: c.read,
    failed: c.failed,
    opted_out: c.optedOut,
    invalid: c.invalid,
  };
  return (Object.keys(values) as RecipientStatus[]).filter((k) => values[k] > 0).map((key) => ({ key, value: values[key], color: STATUS_COLORS[key] }));
}

/** The row actions a campaign's status allows (spec 3 "Campaigns page": stop when running, restart when cancelled). */
export const canStop = (s: CampaignStatus): boolean => s === 'EM_ANDAMENTO';
export const canRestart = (s: CampaignStatus): boolean => s === 'CANCELADA';

export type CounterKey = 'valid' | 'delivered' | 'confirmationRequested' | 'confirmed' | 'sent' | 'read' | 'failed' | 'pending' | 'invalid' | 'optedOut';

/**
 * The counters in the order the report shows them: the four of BEHAVIOUR.md first (`main`), then
 * the rest. Each recipient holds one status, so the counters add the later statuses in: a read
 * message was also delivered and sent; in a confirmation campaign a recipient whose message went
 * out had confirmed, and a confirmed one had been asked.
 */
export function reportCounters(c: CampaignCounts, confirmation: boolean): { key: CounterKey; value: number; main: boolean }[] {
  const sent = c.sent + c.delivered + c.read;
  const confirmed = c.confirmed + (confirmation ? sent : 0);
  return [
    { key: 'valid', value: c.valid, main: true },
    { key: 'delivered', value: c.delivered + c.read, main: true },
    { key: 'confirmationRequested', value: c.confirmationRequested + confirmed, main: true },
    { key: 'confirmed', value: confirmed, main: true },
    { key: 'sent', value: sent, main: false },
    { key: 'read', value: c.read, main: false },
    { key: 'failed', value: c.failed, main: false },
    { key: 'pending', value: c.pending, main: false },
    { key: 'invalid', value: c.invalid, main: false },
    { key: 'optedOut', value: c.optedOut, main: false },
  ];
}

/** A pause's reason said in words when it is one of the channel signals the sender pauses on (else shown as it is). */
export const pausedReasonKey = (reason: string): string | undefined => ((SEND_SIGNALS as readonly string[]).includes(reason) ? `campaigns.pausedReasons.${reason}` : undefined);
