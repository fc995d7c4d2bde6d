/**
 * A campaign's report (issue 22 "Screens": /campaign/{id}/report): its recipients page by page
 * (GET /campaigns/{id}/recipients, optionally of one status) and all of them as a CSV
 * (GET /campaigns/{id}/report.csv). The counters are on the campaign's view (RUN.counts).
 *
 * The CSV: `;` separated, UTF-8 with a BOM, a header line, one line per recipient in list order,
 * cells a spreadsheet would run as a formula prefixed with `'` (as the contacts export). A
 * campaign of up to ~40,000 recipients fits one answer (under 5 MB: a Lambda answers at most 6 MB);
 * a bigger one is written to the media bucket under `exports/` (the bucket deletes it after a day)
 * and the answer is JSON `{ url, filename }`, a link that lives 10 minutes. Reading 100,000
 * recipients is ~100 Query pages of 1 MB, a few seconds.
 */
import { randomUUID } from 'node:crypto';
import { PAGE_SIZE } from '@conversa/shared/constants';
import type { RecipientStatus, RecipientView, RecipientsPage, ReportDownload } from '@conversa/shared/schemas/campaigns';
import { getRun } from '../../adapters/db/campaign-runs';
import { campaignPartition, recipientKey, recipientPage, type CampaignRun, type ReportedRecipient } from '../../adapters/db/campaigns';
import { decodeCursor } from '../../adapters/db/keys';
import { pageOf } from '../../adapters/db/paging';
import { presignDownload, putMedia } from '../../adapters/media';
import type { AuthContext } from '../auth/authenticate';
import { csvCell } from '../contacts/export-contacts';
import { loadCampaign } from './manage-campaigns';

type Auth = Pick<AuthContext, 'companyId'>;

/** The bucket's lifecycle rule `expire-exports` deletes these after a day (infra storage stack). */
export const EXPORT_PREFIX = 'exports/';
/** Above this the CSV goes to the bucket (a Lambda's answer is at most 6 MB with its envelope). */
export const INLINE_CSV_BYTES = 5 * 1024 * 1024;
const LINK_SECONDS = 600;

export const REPORT_HEADER = ['name', 'number', 'status', 'reason', 'variant', 'plannedAt', 'sentAt', 'deliveredAt', 'readAt', 'confirmationRequestedAt', 'confirmedAt'] as const;

/** A recipient's row; its planned time counts from its generation's start (a restart plans the pending again). */
export function recipientView(r: ReportedRecipient, run: Pick<CampaignRun, 'gen' | 'startedAt' | 'shiftMs'> | undefined): RecipientView {
  const planned = run?.startedAt && r.gen === run.gen ? new Date(Date.parse(run.startedAt) + (run.shiftMs ?? 0) + r.offsetMs).toISOString() : null;
  return {
    itemId: r.itemId, name: r.name, number: r.number, status: r.status, reason: r.reason ?? null, variant: r.variant ?? null, plannedAt: planned,
    sentAt: r.sentAt ?? null, deliveredAt: r.deliveredAt ?? null, readAt: r.readAt ?? null,
    confirmationRequestedAt: r.confirmationRequestedAt ?? null, confirmedAt: r.confirmedAt ?? null,
  };
}

/** GET /campaigns/{id}/recipients: in list order, 20 a page by an opaque cursor (or pageNumber); `status` keeps one status. */
export async function listRecipients(auth: Auth, id: number, q: { status?: RecipientStatus; cursor?: string; pageNumber?: number; limit?: number }): Promise<RecipientsPage> {
  const cid = auth.companyId;
  await loadCampaign(cid, id);
  const [run, page] = await Promise.all([
    getRun(cid, id, false),
    pageOf((after, n) => recipientPage(cid, id, { after, limit: n, status: q.status }), {
      after: decodeCursor(q.cursor, campaignPartition(cid, id)), pageNumber: q.pageNumber, limit: q.limit ?? PAGE_SIZE, filtered: Boolean(q.status), keyOf: (r) => recipientKey(cid, id, r.itemId),
    }),
  ]);
  return { recipients: page.rows.map((r) => recipientView(r, run)), hasMore: page.hasMore, ...(page.cursor ? { cursor: page.cursor } : {}) };
}

export const reportLine = (v: RecipientView): string => REPORT_HEADER.map((k) => csvCell(v[k] === null ? '' : String(v[k]))).join(';');

/** Every recipient's line, page by page (1 MB Query pages). */
async function reportLines(cid: number, id: number): Promise<string[]> {
  const run = await getRun(cid, id, false);
  const lines = [REPORT_HEADER.join(';')];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await recipientPage(cid, id, { after, limit: 5000 });
    for (const r of page.items) lines.push(reportLine(recipientView(r, run)));
    after = page.last;
  } while (after);
  return lines;
}

export type CampaignReport = { csv: string; filename: string } | ReportDownload;

/** GET /campaigns/{id}/report.csv: the CSV itself, or a link to it when it is bigger than `inlineBytes`. */
export async function campaignReport(auth: Auth, id: number, inlineBytes = INLINE_CSV_BYTES): Promise<CampaignReport> {
  const cid = auth.companyId;
  await loadCampaign(cid, id);
  const csv = `\uFEFF${(await reportLines(cid, id)).join('\r\n')}\r\n`;
  const filename = `campanha-${id}-${new Date().toISOString().slice(0, 10)}.csv`;
  const bytes = Buffer.from(csv, 'utf8');
  if (bytes.length <= inlineBytes) return { csv, filename };
  const key = `${EXPORT_PREFIX}${cid}/campaign-${id}-${randomUUID()}.csv`;
  await putMedia(key, bytes, 'text/csv; charset=utf-8', filename);
  return { url: await presignDownload(key, filename, LINK_SECONDS), filename };
}
