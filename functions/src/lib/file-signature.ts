/**
 * Whether a file's first bytes (its magic number) fit the type it was uploaded as. A presigned
 * upload fixes the declared type, not the bytes: an executable PUT as `image/png` must not be sent
 * to customers as an image. Each allowed type (isUploadTypeAllowed) has the signatures its formats
 * begin with; text types must look like text. Programs (PE, ELF, Mach-O, scripts) are refused
 * under any type. Reading `SIGNATURE_BYTES` from the start of the file is enough for every rule.
 */
export const SIGNATURE_BYTES = 64;

type Rule = (b: Buffer) => boolean;

const at = (b: Buffer, offset: number, sig: string | number[]): boolean => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return b.length >= offset + bytes.length && b.subarray(offset, offset + bytes.length).equals(bytes);
};

/** ISO base media (MP4, MOV, 3GP, M4A, HEIC, AVIF): a box size, then `ftyp`. */
const isoBmff: Rule = (b) => at(b, 4, 'ftyp');
const ebml: Rule = (b) => at(b, 0, [0x1a, 0x45, 0xdf, 0xa3]); // WebM, Matroska
const riff = (form: string): Rule => (b) => at(b, 0, 'RIFF') && at(b, 8, form);
const zip: Rule = (b) => at(b, 0, 'PK\x03\x04') || at(b, 0, 'PK\x05\x06');
const ole: Rule = (b) => at(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]); // .doc, .xls, .ppt
const mpegAudio: Rule = (b) => at(b, 0, 'ID3') || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0); // MP3, ADTS AAC
const any = (...rules: Rule[]): Rule => (b) => rules.some((r) => r(b));

/** Text: no NUL byte and no other control character but tab, line breaks and form feed. */
const text: Rule = (b) => !b.some((c) => c === 0 || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f);

const IMAGE: Record<string, Rule> = {
  png: (b) => at(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (b) => at(b, 0, [0xff, 0xd8, 0xff]),
  jpg: (b) => at(b, 0, [0xff, 0xd8, 0xff]),
  pjpeg: (b) => at(b, 0, [0xff, 0xd8, 0xff]),
  gif: (b) => at(b, 0, 'GIF87a') || at(b, 0, 'GIF89a'),
  webp: riff('WEBP'),
  bmp: (b) => at(b, 0, 'BM'),
  tiff: (b) => at(b, 0, [0x49, 0x49, 0x2a, 0x00]) || at(b, 0, [0x4d, 0x4d, 0x00, 0x2a]),
  heic: isoBmff,
  heif: isoBmff,
  avif: isoBmff,
  'x-icon': (b) => at(b, 0, [0, 0, 1, 0]),
  'vnd.microsoft.icon': (b) => at(b, 0, [0, 0, 1, 0]),
};

const AUDIO: Rule = any((b) => at(b, 0, 'OggS'), mpegAudio, riff('WAVE'), isoBmff, ebml, (b) => at(b, 0, 'fLaC'), (b) => at(b, 0, '#!AMR'), (b) => at(b, 0, 'FORM') && at(b, 8, 'AIF'));
const VIDEO: Rule = any(isoBmff, ebml, riff('AVI '), (b) => at(b, 0, [0, 0, 1, 0xba]) || at(b, 0, [0, 0, 1, 0xb3]), (b) => b.length >= 8 && ['moov', 'mdat', 'wide', 'free', 'skip'].some((box) => at(b, 4, box)), (b) => at(b, 0, 'FLV'));

const EXACT: Record<string, Rule> = {
  'application/pdf': (b) => at(b, 0, '%PDF-'),
  'application/msword': ole,
  'application/vnd.ms-excel': ole,
  'application/vnd.ms-powerpoint': ole,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': zip,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': zip,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': zip,
  'application/vnd.oasis.opendocument.text': zip,
  'application/vnd.oasis.opendocument.spreadsheet': zip,
  'application/vnd.oasis.opendocument.presentation': zip,
  'application/zip': zip,
  'application/x-zip-compressed': zip,
  'application/rtf': (b) => at(b, 0, '{\\rtf'),
  'text/plain': text,
  'text/csv': text,
  'application/csv': text,
};

/** Programs and scripts, refused whatever the declared type. */
const PROGRAM: Rule = any(
  (b) => at(b, 0, 'MZ'), // Windows PE, DOS
  (b) => at(b, 0, [0x7f, 0x45, 0x4c, 0x46]), // ELF
  (b) => [[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe]].some((sig) => at(b, 0, sig)), // Mach-O, Java class
  (b) => at(b, 0, '#!') && !at(b, 0, '#!AMR'), // a script with an interpreter line
);

/**
 * True when `head` (the file's first bytes) fits `mimetype`. An empty file fits nothing; an
 * image, audio or video type whose format has no rule here must at least not be a program and
 * not be plain text.
 */
export function fitsType(mimetype: string, head: Buffer): boolean {
  if (head.length === 0 || PROGRAM(head)) return false;
  const m = mimetype.toLowerCase().split(';')[0]!.trim();
  const exact = EXACT[m];
  if (exact) return exact(head);
  const [top, sub = ''] = m.split('/');
  if (top === 'image') return IMAGE[sub]?.(head) ?? !text(head);
  if (top === 'audio') return AUDIO(head);
  if (top === 'video') return VIDEO(head);
  return false;
}

/** MP4 video brands (an `ftyp` box); HEIC/AVIF images, M4A audio and QuickTime are not MP4 video. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'MSNV']);
/** An MPEG audio frame header, layer I–III (ADTS AAC has layer bits 00). */
const mpegFrame: Rule = (b) => b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0;

/** Formats told apart by their first bytes alone (where the caller names no type: the flow builder's files). */
const SNIFFED: readonly { ext: string; mimetype: string; rule: Rule }[] = [
  { ext: 'png', mimetype: 'image/png', rule: IMAGE.png! },
  { ext: 'jpg', mimetype: 'image/jpeg', rule: IMAGE.jpeg! },
  { ext: 'webp', mimetype: 'image/webp', rule: IMAGE.webp! },
  { ext: 'ogg', mimetype: 'audio/ogg', rule: (b) => at(b, 0, 'OggS') },
  { ext: 'mp3', mimetype: 'audio/mpeg', rule: (b) => at(b, 0, 'ID3') || mpegFrame(b) },
  { ext: 'mp4', mimetype: 'video/mp4', rule: (b) => isoBmff(b) && MP4_BRANDS.has(b.subarray(8, 12).toString('latin1')) },
  { ext: 'pdf', mimetype: 'application/pdf', rule: EXACT['application/pdf']! },
];

/** What a file is by its first bytes, among png, jpg, webp, ogg, mp3, mp4 video and pdf; null for anything else. */
export function sniffFormat(head: Buffer): { ext: string; mimetype: string } | null {
  const found = SNIFFED.find((f) => f.rule(head));
  return found ? { ext: found.ext, mimetype: found.mimetype } : null;
}
