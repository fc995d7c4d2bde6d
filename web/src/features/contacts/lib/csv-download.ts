/** The export's file: the server's Content-Disposition name when it gives a safe one, else contacts.csv (spec 2 §9). */
export const EXPORT_FILE_NAME = 'contacts.csv';

export function downloadName(contentDisposition: string | null | undefined): string {
  if (!contentDisposition) return EXPORT_FILE_NAME;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(contentDisposition);
  let name: string | undefined;
  if (star?.[1]) {
    try {
      name = decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition)?.[1]?.trim();
  if (!name) return EXPORT_FILE_NAME;
  const base = name.split(/[\\/]/).pop() ?? '';
  return /^[\w .()-]+\.csv$/i.test(base) ? base : EXPORT_FILE_NAME;
}
