/** The plain 'type/subtype' a media reference carries (no codec parameters). */
export const baseMime = (mime: string): string => mime.split(';')[0]!.trim().toLowerCase();

const BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  mp4: 'video/mp4', mp3: 'audio/mpeg', ogg: 'audio/ogg', m4a: 'audio/mp4', pdf: 'application/pdf',
  txt: 'text/plain', csv: 'text/csv', doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', zip: 'application/zip',
};

/** A quick reply's media type: a MIME type already, or guessed from its file name. */
export function mimeFor(mediaType: string | null, filename: string): string {
  if (mediaType && /^[\w.+-]+\/[\w.+-]+$/.test(mediaType)) return mediaType;
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  return BY_EXT[ext] ?? 'application/octet-stream';
}
