import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveBlob } from '../../../lib/download';

/**
 * GET /flowbuilder/exportFlow/{id} → the flow's text, downloaded as '<name>.json' exactly as the
 * server wrote it (import takes the same bytes back). A body that is a JSON string holds the text.
 */
export async function exportFlow({ id, name }: { id: number; name: string }): Promise<void> {
  const res = await fetchFile(`/flowbuilder/exportFlow/${id}`);
  const raw = await res.text();
  let text = raw;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') text = parsed;
  } catch {
    /* not JSON: downloaded as it came */
  }
  saveBlob(new Blob([text], { type: 'application/json' }), `${name}.json`);
}

export const useExportFlow = (options: { onSuccess?: () => void } = {}) => useMutation({ mutationFn: exportFlow, onSuccess: () => options.onSuccess?.() });
