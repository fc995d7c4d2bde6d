import type { UploadTicket } from '@conversa/shared/schemas/messages';
import { requestUpload } from '../../../lib/upload-file';

export type UploadedMedia = { key: string; filename: string; mimetype: string };

/** PUT of the file to the presigned URL, reporting progress (0–1). XMLHttpRequest: fetch has no upload progress. */
export function putFile(ticket: UploadTicket, file: Blob, onProgress: (ratio: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', ticket.url);
    for (const [k, v] of Object.entries(ticket.headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload failed (${xhr.status})`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Both steps: the media reference to send with the message. */
export async function uploadMedia(file: File, onProgress: (ratio: number) => void, signal?: AbortSignal): Promise<UploadedMedia> {
  const ticket = await requestUpload({ filename: file.name, mimetype: file.type || 'application/octet-stream', size: file.size });
  await putFile(ticket, file, onProgress, signal);
  return { key: ticket.key, filename: file.name, mimetype: file.type || 'application/octet-stream' };
}
