import { describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { ContactsPage, ContactView } from '@conversa/shared/schemas/contacts';
import { contactsCount, matchesSearch, removeContact, upsertContact } from './contacts-cache';

const c = (id: number, name = `C${id}`, number = `55119000000${id}`): ContactView => ({
  id, name, number, email: '', empresa: '', channel: 'whatsapp', isGroup: false, profilePicUrl: '', disableBot: false,
  acceptAudioMessage: true, active: true, extraInfo: [], createdAt: '', updatedAt: '',
});
const data = (): InfiniteData<ContactsPage> => ({
  pages: [
    { contacts: [c(1), c(2)], hasMore: true, count: 4 },
    { contacts: [c(3), c(4)], hasMore: false, count: 4 },
  ],
  pageParams: [{ page: 1 }, { page: 2 }],
});

describe('contacts cache', () => {
  it('merges an update where the contact is listed, on any page', () => {
    const out = upsertContact(data(), { ...c(3), name: 'Renamed', active: false });
    expect(out?.pages[1]?.contacts[0]).toMatchObject({ id: 3, name: 'Renamed', active: false });
    expect(contactsCount(out)).toBe(4);
  });

  it('does not add an unknown contact unless asked; when asked it goes first and counts', () => {
    expect(upsertContact(data(), c(9))?.pages[0]?.contacts.map((x) => x.id)).toEqual([1, 2]);
    const out = upsertContact(data(), c(9), true);
    expect(out?.pages[0]?.contacts.map((x) => x.id)).toEqual([9, 1, 2]);
    expect(contactsCount(out)).toBe(5);
  });

  it('removes a deleted contact and lowers the count only when it was listed', () => {
    const out = removeContact(data(), 2);
    expect(out?.pages[0]?.contacts.map((x) => x.id)).toEqual([1]);
    expect(contactsCount(out)).toBe(3);
    expect(contactsCount(removeContact(data(), 99))).toBe(4);
  });

  it('matches a search by name, e-mail or the digits of the number', () => {
    const m = { ...c(1, 'Maria Souza', '5511987654321'), email: 'maria@x.com' };
    expect(matchesSearch(m, '')).toBe(true);
    expect(matchesSearch(m, 'souza')).toBe(true);
    expect(matchesSearch(m, '98765-4321')).toBe(true);
    expect(matchesSearch(m, 'X.COM')).toBe(true);
    expect(matchesSearch(m, 'joão')).toBe(false);
  });
});
