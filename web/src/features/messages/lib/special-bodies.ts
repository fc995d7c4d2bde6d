/** Bodies with a structure of their own: locations and contact cards (spec 1 §2). */
import { safeHref } from './markers';

export type LocationBody = { imageUrl?: string; link?: string; description: string };

/** 'image | link | optional description', pipe-separated; unsafe parts are dropped. */
export function parseLocation(body: string): LocationBody {
  const [image = '', link = '', ...rest] = body.split('|').map((p) => p.trim());
  const imageUrl = /^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i.test(image) ? image : safeHref(image);
  return { imageUrl, link: safeHref(link), description: rest.join(' | ') };
}

/** A contact card as the bubble shows it: name, numbers, e-mails, organisation (with the title) and addresses. */
export type ContactCard = { name: string; numbers: string[]; emails: string[]; org: string; addresses: string[] };

const unescapeVcard = (s: string) => s.replace(/\\n/gi, ' ').replace(/\\([,;\\])/g, '$1').trim();

/** A structured value's parts (N, ORG, ADR), split on the semicolons that are not escaped. */
function parts(value: string): string[] {
  return value.split(/(?<!\\);/).map(unescapeVcard);
}

function parseOneVcard(lines: string[]): ContactCard {
  let name = '';
  let structured = '';
  let title = '';
  const card: ContactCard = { name: '', numbers: [], emails: [], org: '', addresses: [] };
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i < 0) continue;
    const head = line.slice(0, i).toUpperCase();
    const value = line.slice(i + 1).trim();
    const prop = head.split(';')[0]!.split('.').pop();
    if (prop === 'FN') name = unescapeVcard(value);
    else if (prop === 'N') {
      const [family = '', given = '', middle = ''] = parts(value);
      structured = [given, middle, family].filter(Boolean).join(' ');
    } else if (prop === 'TEL') {
      const waid = /WAID=(\d+)/i.exec(line.slice(0, i))?.[1];
      const number = value || waid || '';
      if (number) card.numbers.push(number);
    } else if (prop === 'EMAIL' && value) card.emails.push(unescapeVcard(value));
    else if (prop === 'ORG') card.org = parts(value).filter(Boolean).join(' · ');
    else if (prop === 'TITLE') title = unescapeVcard(value);
    else if (prop === 'ADR') {
      const address = parts(value).filter(Boolean).join(', ');
      if (address) card.addresses.push(address);
    }
  }
  return { ...card, name: name || structured, org: [title, card.org].filter(Boolean).join(' · ') };
}

/**
 * Contact cards: raw vCards (one or several, as WhatsApp sends them; the Cloud API's cards are
 * stored as vCards too) or already plain text ('name' then one number a line).
 */
export function parseContactCards(body: string): ContactCard[] {
  const text = body.replace(/\r\n?/g, '\n');
  if (/BEGIN:VCARD/i.test(text)) {
    const cards: ContactCard[] = [];
    // Long lines are folded: a line starting with a space or a tab continues the one before.
    for (const block of text.replace(/\n[ \t]/g, '').split(/BEGIN:VCARD/i).slice(1)) {
      const lines = block.split(/END:VCARD/i)[0]!.split('\n').map((l) => l.trim()).filter(Boolean);
      const card = parseOneVcard(lines);
      if (card.name || card.numbers.length) cards.push(card);
    }
    return cards;
  }
  const [name = '', ...numbers] = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return name ? [{ name, numbers, emails: [], org: '', addresses: [] }] : [];
}
