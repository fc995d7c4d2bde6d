/**
 * Just enough RFC 822/2045/2047 to read what nodemailer sends: unfolded headers, encoded-word
 * subjects, quoted-printable or base64 bodies, text/plain picked out of multipart messages.
 * Strings holding raw bytes use 'latin1' (one char per byte) until a charset decodes them.
 */
export type ParsedMail = {
  headers: Map<string, string[]>;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  date?: Date;
};

type Part = { headers: Map<string, string[]>; body: string };

function splitPart(raw: string): Part {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : '';
  const headers = new Map<string, string[]>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return { headers, body };
}

function decodeBytes(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Quoted-printable (RFC 2045 §6.7) to bytes; `header` mode also turns '_' into a space (RFC 2047 Q). */
export function decodeQuotedPrintable(input: string, header = false): Buffer {
  const s = (header ? input.replace(/_/g, ' ') : input).replace(/[ \t]+(\r?\n)/g, '$1').replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(s.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(out);
}

/**
 * A raw header value (bytes as latin1) to text: 8-bit bytes are read as UTF-8 (SMTPUTF8), then
 * RFC 2047 encoded words (`=?utf-8?Q?...?=`, `=?UTF-8?B?...?=`) are decoded.
 */
export function decodeHeaderValue(raw: string): string {
  const value = /[\x80-\xff]/.test(raw) && !/[^\x00-\xff]/.test(raw) ? decodeBytes(Buffer.from(raw, 'latin1')) : raw;
  const joined = value.replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?[^?]+\?[QqBb]\?[^?]*\?=)/g, '$1');
  return joined.replace(/=\?([^?*]+)(?:\*[^?]*)?\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, enc: string, text: string) => {
    const bytes = enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text, true);
    return decodeBytes(bytes, charset);
  });
}

export function parseHeaderParams(value: string): { value: string; params: Record<string, string> } {
  const [first, ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const i = p.indexOf('=');
    if (i < 0) continue;
    params[p.slice(0, i).trim().toLowerCase()] = p.slice(i + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return { value: (first ?? '').trim().toLowerCase(), params };
}

function bodyText(part: Part): string {
  const enc = (part.headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase();
  const charset = parseHeaderParams(part.headers.get('content-type')?.[0] ?? 'text/plain').params.charset ?? 'utf-8';
  let bytes: Buffer;
  if (enc === 'quoted-printable') bytes = decodeQuotedPrintable(part.body);
  else if (enc === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  else bytes = Buffer.from(part.body, 'latin1');
  return decodeBytes(bytes, charset).replace(/\r\n/g, '\n');
}

function collectTexts(part: Part, found: { text?: string; html?: string }): void {
  const ct = parseHeaderParams(part.headers.get('content-type')?.[0] ?? 'text/plain');
  const disposition = (part.headers.get('content-disposition')?.[0] ?? '').toLowerCase();
  if (ct.value.startsWith('multipart/') && ct.params.boundary) {
    const delim = `--${ct.params.boundary}`;
    const sections = part.body.split(new RegExp(`(?:^|\\r?\\n)${delim.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectTexts(splitPart(section.replace(/^[ \t]*\r?\n/, '')), found);
    }
    return;
  }
  if (disposition.startsWith('attachment')) return;
  if (ct.value === 'text/plain' && found.text === undefined) found.text = bodyText(part);
  else if (ct.value === 'text/html' && found.html === undefined) found.html = bodyText(part);
}

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .trim();
}

/** Splits an address list header into its addresses' display forms ("Name <a@b>" stays whole). */
export function splitAddresses(value: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  let angle = 0;
  for (const ch of value) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '<') angle++;
    else if (!quoted && ch === '>') angle = Math.max(0, angle - 1);
    if (ch === ',' && !quoted && angle === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The bare address of "Name <a@b>" or "a@b", lower-cased. */
export function bareAddress(value: string): string {
  const m = /<([^>]*)>/.exec(value);
  return (m ? m[1]! : value).trim().toLowerCase();
}

export function parseMail(raw: Buffer | string): ParsedMail {
  const root = splitPart(typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1'));
  const found: { text?: string; html?: string } = {};
  collectTexts(root, found);
  const header = (name: string) => decodeHeaderValue(root.headers.get(name)?.[0] ?? '');
  const date = root.headers.get('date')?.[0];
  const parsedDate = date ? new Date(date) : undefined;
  return {
    headers: root.headers,
    from: header('from'),
    to: ['to', 'cc'].flatMap((h) => (root.headers.get(h) ?? []).flatMap((v) => splitAddresses(decodeHeaderValue(v)))),
    subject: header('subject'),
    text: found.text ?? (found.html !== undefined ? htmlToText(found.html) : ''),
    ...(found.html !== undefined ? { html: found.html } : {}),
    ...(parsedDate && !Number.isNaN(parsedDate.getTime()) ? { date: parsedDate } : {}),
  };
}
