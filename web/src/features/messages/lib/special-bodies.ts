/** Bodies with a structure of their own: locations and contact cards (spec 1 §2). */
import { safeHref } from './markers';

export type LocationBody = { imageUrl?: string; link?: string; description: string };

/** 'image | link | optional description', pipe-separated; unsafe parts are dropped. */
export function parseLocation(body: string): LocationBody {
  const [image = '', link = '', ...rest] = body.split('|').map((p) => p.trim());
  const imageUrl = /^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i.test(image) ? image : safeHref(image);
  return { imageUrl, link: safeHref(link), description: rest.join(' | ') };
}

export type ContactCard = { name: string; numbers: string[] };

const unescapeVcard = (s: string) => s.replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, ' ').trim();

function parseOneVcard(lines: string[]): ContactCard {
  let name = '';
  let structured = '';
  const numbers: string[] = [];
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i < 0) continue;
    const head = line.slice(0, i).toUpperCase();
    const value = line.slice(i + 1).trim();
    const prop = head.split(';')[0]!.split('.').pop();
    if (prop === 'FN') name = unescapeVcard(value);
    else if (prop === 'N') structured = unescapeVcard(value.split(';').filter(Boolean).reverse().join(' '));
    else if (prop === 'TEL') {
      const waid = /WAID=(\d+)/i.exec(line.slice(0, i))?.[1];
      const number = value || waid || '';
      if (number) numbers.push(number);
    }
  }
  return { name: name || structured, numbers };
}

/**
 * Contact cards: raw vCards (one or several, as WhatsApp sends them) or already plain text
 * ('name' then one number a line).
 */
export function parseContactCards(body: string): ContactCard[] {
  const text = body.replace(/\r\n?/g, '\n');
  if (/BEGIN:VCARD/i.test(text)) {
    const cards: ContactCard[] = [];
    for (const block of text.split(/BEGIN:VCARD/i).slice(1)) {
      const lines = block.split(/END:VCARD/i)[0]!.split('\n').map((l) => l.trim()).filter(Boolean);
      const card = parseOneVcard(lines);
      if (card.name || card.numbers.length) cards.push(card);
    }
    return cards;
  }
  const [name = '', ...numbers] = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return name ? [{ name, numbers }] : [];
}
