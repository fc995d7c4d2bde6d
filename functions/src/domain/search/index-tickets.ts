/**
 * Writes the tickets search index from what the table's stream reports (workers/search-index.ts):
 * a new message adds its words to its ticket (source `t`); a new ticket gets its contact's name and
 * number (source `n`); an edited contact adds its new name and number to every ticket of the
 * contact (#74), so its closed tickets are found by the new name too. Never on the message path: the inbound pipeline's writes stay as they are.
 *
 * Cost: a word already on the ticket costs one half read unit (the block of its marker, the word's
 * longest prefix, is read); a new word costs a read and a write unit per prefix (3 to 6 for most
 * words; words of one batch that share a block share them). The markers are written after every
 * shorter prefix, so a marker that is set means the whole word was written.
 */
import { getContacts, type Contact } from '../../adapters/db/contacts';
import { blockId, blocksOf, hasEntry, putEntries, type Entry, type Source } from '../../adapters/db/search-index';
import { ticketIdsOfContact } from '../../adapters/db/tickets';
import { contactWords, messageWords, prefixesOf } from './tokens';

export type IndexJob =
  | { kind: 'message'; companyId: number; ticketId: number; body: string }
  | { kind: 'ticket'; companyId: number; ticketId: number; contactId: number }
  | { kind: 'contact'; companyId: number; contact: Pick<Contact, 'id' | 'name' | 'number'> };

/** A word to put on a ticket: its prefixes, shortest first; the last one is the marker. */
type Word = { ticketId: number; source: Source; prefixes: string[] };

export async function indexJobs(jobs: readonly IndexJob[]): Promise<{ words: number; written: number }> {
  const byCompany = new Map<number, IndexJob[]>();
  for (const j of jobs) byCompany.set(j.companyId, [...(byCompany.get(j.companyId) ?? []), j]);
  let words = 0;
  let written = 0;
  for (const [cid, list] of byCompany) {
    const found = await wordsOf(cid, list);
    const marker = (w: Word): Entry => ({ token: w.prefixes[w.prefixes.length - 1]!, ticketId: w.ticketId, source: w.source });
    const markers = await blocksOf(cid, found.map(marker));
    const missing = found.filter((w) => !hasEntry(markers.get(blockId(cid, marker(w))), marker(w)));
    const shorter = missing.flatMap((w) => w.prefixes.slice(0, -1).map((token) => ({ token, ticketId: w.ticketId, source: w.source })));
    written += await putEntries(cid, shorter);
    written += await putEntries(cid, missing.map(marker), markers);
    words += found.length;
  }
  return { words, written };
}

/** The distinct words the jobs put on tickets. */
async function wordsOf(cid: number, jobs: IndexJob[]): Promise<Word[]> {
  const out = new Map<string, Word>();
  const add = (ticketId: number, source: Source, prefixes: string[]) => {
    if (prefixes.length) out.set(`${ticketId}#${source}#${prefixes[prefixes.length - 1]}`, { ticketId, source, prefixes });
  };
  const newTickets = jobs.filter((j) => j.kind === 'ticket');
  const contacts = newTickets.length ? await getContacts(cid, [...new Set(newTickets.map((j) => j.contactId))]) : new Map<number, Contact>();
  for (const j of jobs) {
    if (j.kind === 'message') for (const w of messageWords(j.body)) add(j.ticketId, 't', prefixesOf(w));
    if (j.kind === 'ticket') {
      const c = contacts.get(j.contactId);
      if (c) for (const g of contactWords(c)) add(j.ticketId, 'n', g);
    }
    if (j.kind === 'contact') {
      const groups = contactWords(j.contact);
      for (const ticketId of await ticketIdsOfContact(cid, j.contact.id)) for (const g of groups) add(ticketId, 'n', g);
    }
  }
  return [...out.values()];
}
