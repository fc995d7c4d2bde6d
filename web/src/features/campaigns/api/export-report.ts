import { useMutation } from '@tanstack/react-query';
import { fetchFile } from '../../../lib/download';

/** What the export hands the browser: the CSV itself, or the address of one too big for a response. */
export type ReportFile = { blob: Blob | string; filename: string };

/**
 * GET /campaigns/{id}/report.csv: every recipient as CSV. A large campaign's CSV is written aside
 * and the answer is JSON `{ url }` (a signed download address) instead.
 */
export async function exportReport(id: number): Promise<ReportFile> {
  const res = await fetchFile(`/campaigns/${id}/report.csv`);
  const filename = `campanha-${id}.csv`;
  if ((res.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = (await res.json()) as { url?: string };
    if (body.url) return { blob: body.url, filename };
  }
  return { blob: await res.blob(), filename };
}

export const useExportReport = (options: { onSuccess?: (f: ReportFile) => void } = {}) => useMutation({ mutationFn: exportReport, onSuccess: (f) => options.onSuccess?.(f) });
