/** Pure edits of the cached contacts pages, shared by mutations and live events. */
import type { InfiniteData } from '@tanstack/react-query';
import type { ContactsPage, ContactView } from '@conversa/shared/schemas/contacts';

type Data = InfiniteData<ContactsPage> | undefined;

/** Replaces the contact where it is listed; with `addIfMissing`, puts it at the top and counts it. */
export function upsertContact(data: Data, contact: ContactView, addIfMissing = false): Data {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((p) => ({
    ...p,
    contacts: p.contacts.map((c) => {
      if (c.id !== contact.id) return c;
      found = true;
      return { ...c, ...contact };
    }),
  }));
  if (!found && addIfMissing && pages[0]) {
    for (let i = 0; i < pages.length; i++) pages[i] = { ...pages[i]!, count: pages[i]!.count + 1 };
    pages[0] = { ...pages[0]!, contacts: [contact, ...pages[0]!.contacts] };
  }
  return { ...data, pages };
}

/** Drops the contact; the count shrinks only when it was listed. */
export function removeContact(data: Data, id: number): Data {
  if (!data) return data;
  const listed = data.pages.some((p) => p.contacts.some((c) => c.id === id));
  if (!listed) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, count: Math.max(0, p.count - 1), contacts: p.contacts.filter((c) => c.id !== id) })),
  };
}

/** The search a list was made for matches the contact (name, number or e-mail). */
export function matchesSearch(contact: Pick<ContactView, 'name' | 'number' | 'email'>, search: string): boolean {
  const s = search.trim().toLowerCase();
  if (!s) return true;
  const digits = s.replace(/\D/g, '');
  return (
    contact.name.toLowerCase().includes(s) ||
    contact.email.toLowerCase().includes(s) ||
    (digits.length > 0 && contact.number.includes(digits))
  );
}

/** The total the title shows: what the first page said, kept current by the edits above. */
export function contactsCount(data: Data): number {
  return data?.pages[0]?.count ?? 0;
}
