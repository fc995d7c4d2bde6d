/**
 * The dashboard's message totals (ACCESS_PATTERNS #70), counted from the table's stream
 * (workers/message-totals.ts): each batch of new messages becomes one ADD per company day, written
 * exactly once. The messages are stored already; counting them costs the message path no write.
 */
import { countedUpTo, countOnce, localDay, tallyAdds, type CounterAdd, type MessageTally } from '../../adapters/db/day-stats';

/**
 * One stream record as the totals read it: its sequence number and, when it inserted a message,
 * that message; `adds`: other counters it moves (a new ticket's day stats, a new contact's count).
 */
export type TotalsRecord = { seq: string; message?: { companyId: number; createdAt: string; fromMe: boolean }; adds?: CounterAdd[] };

/** Every counter addition of these records: the message totals per company day and the others. */
const batchAdds = (records: readonly TotalsRecord[]): CounterAdd[] => [...tallyAdds(tallyMessages(records)), ...records.flatMap((r) => r.adds ?? [])];

/** Sequence numbers are decimal strings of up to 40 digits: padded, they compare as text. */
export const seqKey = (seq: string): string => seq.padStart(40, '0');

/** The company day totals of the records' messages. */
export function tallyMessages(records: readonly TotalsRecord[]): MessageTally[] {
  const out = new Map<string, MessageTally>();
  for (const { message: m } of records) {
    if (!m) continue;
    const day = localDay(m.createdAt).day;
    const key = `${m.companyId}#${day}`;
    const t = out.get(key) ?? { cid: m.companyId, day, sent: 0, received: 0 };
    if (m.fromMe) t.sent++;
    else t.received++;
    out.set(key, t);
  }
  return [...out.values()];
}

/**
 * Counts a batch (records in stream order, at least one) once: a batch counted before (a retry,
 * which may carry more records than the first try) adds only the records after the last one its
 * guard counted. Throws when another try moved the guard meanwhile.
 */
export async function countBatchOnce(batchId: string, records: readonly TotalsRecord[]): Promise<void> {
  const last = records[records.length - 1]!.seq;
  if (await countOnce(batchId, last, batchAdds(records))) return;
  const seen = await countedUpTo(batchId);
  const rest = seen === undefined ? records : records.filter((r) => seqKey(r.seq) > seqKey(seen));
  if (rest.length && seen !== undefined && !(await countOnce(batchId, last, batchAdds(rest), seen))) throw new Error('the batch guard moved while counting');
}
