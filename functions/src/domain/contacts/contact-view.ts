/**
 * What the API answers for a contact. Phone numbers are the admin's (spec 2 "Contacts list":
 * numbers and block/unblock visible to the admin profile only): lists and live events show other
 * profiles a masked number; the ticket drawer's single-contact read keeps it whole.
 */
import type { ContactView } from '@conversa/shared/schemas/contacts';
import type { Contact } from '../../adapters/db/contacts';

/** `5511900001111` → `55119****1111`: the last four digits and at most five leading ones stay. */
export function maskNumber(n: string): string {
  if (!/^\d+$/.test(n)) return n;
  const hidden = Math.max(4, n.length - 9);
  const head = Math.max(0, n.length - 4 - hidden);
  return n.slice(0, head) + '*'.repeat(n.length - 4 - head) + n.slice(-4);
}

export function contactView(c: Contact, opts: { masked?: boolean } = {}): ContactView {
  return {
    id: c.id,
    name: c.name,
    number: opts.masked && !c.isGroup ? maskNumber(c.number) : c.number,
    email: c.email ?? '',
    empresa: c.empresa ?? '',
    channel: c.channel,
    isGroup: c.isGroup,
    profilePicUrl: c.profilePicUrl ?? '',
    disableBot: c.disableBot,
    acceptAudioMessage: c.acceptAudioMessage,
    active: c.active !== false,
    extraInfo: (c.extraInfo ?? []).map((e, i) => ({ id: e.id ?? String(i + 1), name: e.name, value: e.value })),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
