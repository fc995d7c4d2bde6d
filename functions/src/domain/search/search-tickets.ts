/**
 * The search tab's text search (GET /tickets?searchParam=…) over the tickets search index: every
 * word of the search must be on the ticket (AND), newest ticket first, one cursor (the last ticket
 * id considered). Once each word's density is known (from its first page, or carried in the
 * cursor), the words are read by id range, all at once: the range the page's matches lie in. Until
 * then, and for words of very unlike densities, the lists are intersected by skipping: each list
 * jumps (a new Query from that id down) to the highest ticket the others still have, so a rare
 * word bounds the reads of a common one. The candidate tickets are read in one BatchGet per round
 * and kept by the list's predicate (visibility and the screen's filters); when those filter, the
 * tickets' roster entries (status, queue, user, group) are checked first, read beside the words'
 * entries for the same range, so the tickets they rule out are never read. A
 * word found only under the contact's name or number must still match the contact as it is (a
 * renamed contact's old name lists nothing): its card on the ticket, or the contact itself for
 * tickets made before the card.
 *
 * Bounded per call: at most MAX_ENTRIES_PER_CALL entries read; then the page comes back short
 * with hasMore and the cursor, and the next call goes on from there.
 */
import { getContacts, type Contact } from '../../adapters/db/contacts';
import { PostingReader, type Hit } from '../../adapters/db/search-index';
import { getTickets, rosterBelow, rosterRange, type RosterEntry, type Ticket } from '../../adapters/db/tickets';
import { ahead } from '../../lib/ahead';
import { contactMatches, type QueryTerm } from './tokens';

const MAX_ENTRIES_PER_CALL = 20_000;
/** Candidates per round (four times as many when the roster rules most of them out before reading). */
const MAX_CANDIDATES_PER_ROUND = 100;
/** At most this many ids in the range per candidate for the roster to be read (≈ 4 KB of entries a ticket read). */
const ROSTER_SPAN_PER_CANDIDATE = 30;
/** Words whose densities differ more than this are intersected by seeking, not by reading both ranges. */
const SKEWED = 20;

/**
 * `share`: of the candidates considered, the share the filters kept; `densities`: each word's
 * tickets per ticket id, as far as read (both for the next page's first round).
 */
export type SearchPage = { tickets: Ticket[]; contacts: Contact[]; hasMore: boolean; cursor?: number; share?: number; densities?: number[] };

type Candidate = { id: number; sources: Hit['sources'][] };
type Step = { match: Candidate } | { end: true } | { paused: number };

/**
 * The roster entries this call has read, by id range. A range may be asked for ahead (beside the
 * words' Queries for the same range); who needs an entry waits for the read under way.
 */
class RosterWindow {
  private entries = new Map<number, RosterEntry>();
  private spans: { low: number; high: number }[] = [];
  private reads: Promise<void>[] = [];

  constructor(private readonly cid: number) {}

  /** The entries of the tickets from `low` to `high`, read now. */
  ahead(low: number, high: number): void {
    if (high >= low) this.track(rosterRange(this.cid, low, high).then((m) => this.add(m, low, high)));
  }

  /** The entries of the `limit` tickets below `below` (the newest without it), read now: before a word's density is known. */
  aheadBelow(below: number | undefined, limit: number): void {
    this.track(rosterBelow(this.cid, below, limit).then(({ entries, low }) => this.add(entries, low, (below ?? Number.POSITIVE_INFINITY) - 1)));
  }

  /**
   * The candidates the roster does not rule out (their status, queue, user or group already fail
   * the filters); undefined when it was not asked. Candidates outside the ranges read are looked
   * up when they are dense enough in their id range that the roster's entries cost less than
   * reading the tickets (~60 bytes an entry against half a unit a ticket); else they pass, to be
   * decided on their tickets.
   */
  async keep(round: Candidate[], keepEntry: (r: RosterEntry) => boolean): Promise<Candidate[] | undefined> {
    await Promise.all(this.reads);
    const missing = round.map((c) => c.id).filter((id) => !this.spans.some((s) => id >= s.low && id <= s.high));
    if (missing.length >= 4) {
      const low = Math.min(...missing);
      const high = Math.max(...missing);
      if (high - low + 1 <= ROSTER_SPAN_PER_CANDIDATE * missing.length) this.add(await rosterRange(this.cid, low, high), low, high);
    }
    if (missing.length === round.length && !this.spans.length) return undefined;
    return round.filter((c) => {
      const r = this.entries.get(c.id);
      return !r || keepEntry(r);
    });
  }

  private track(read: Promise<void>): void {
    this.reads.push(ahead(read));
  }

  private add(found: Map<number, RosterEntry>, low: number, high: number): void {
    for (const [id, e] of found) this.entries.set(id, e);
    this.spans.push({ low, high });
  }
}

/**
 * The next ticket every reader has; `end` when one of them has no more; `paused` (with the highest
 * ticket id still open) once `budget` entries have been read. `wanted`: about how many matches are
 * still wanted, to size the readers' next Queries.
 */
async function nextMatch(readers: PostingReader[], budget: number, wanted: number, roster?: RosterWindow): Promise<Step> {
  for (;;) {
    await fillTogether(readers, wanted, roster);
    const heads = await Promise.all(readers.map((r) => r.head()));
    if (heads.some((h) => !h)) return { end: true };
    const low = Math.min(...heads.map((h) => h!.id));
    if (heads.every((h) => h!.id === low)) {
      for (const r of readers) r.next();
      return { match: { id: low, sources: heads.map((h) => h!.sources) } };
    }
    if (readers.reduce((n, r) => n + r.read, 0) >= budget) return { paused: low };
    for (const r of readers) r.seek(low);
  }
}

/**
 * Reads ahead when a reader has run out. Once every word's density is known (tickets per ticket
 * id, from its first page or the cursor), and taking the words as independent, `matches` more
 * matches lie in an id range of about matches / Π density below where the readers are: every
 * word reads that range, all in one round trip, and the roster the same range beside them when
 * it filters and the candidates are dense enough there. Before the densities are known, the
 * reader that ran out reads a page (one word: sized for the matches wanted, the roster's newest
 * entries of that size read beside it); words of very unlike densities seek instead.
 */
async function fillTogether(readers: PostingReader[], matches: number, roster?: RosterWindow): Promise<void> {
  const empty = readers.filter((r) => r.empty);
  if (!empty.length) return;
  const densities = readers.map((r) => r.density ?? 0);
  const skewed = Math.max(...densities) > SKEWED * Math.min(...densities);
  if (densities.includes(0) || skewed) {
    if (readers.length > 1) return; // each reader reads its next page as its head asks
    const n = Math.ceil(matches * 1.1);
    readers[0]!.expect(n);
    if (roster && readers[0]!.density === undefined) roster.aheadBelow(Number.isFinite(readers[0]!.reached) ? readers[0]!.reached : undefined, n);
    return;
  }
  const range = Math.ceil((matches * 1.1) / densities.reduce((a, d) => a * d, 1));
  const from = Math.min(...empty.map((r) => r.reached));
  const low = Math.max(0, from - range);
  if (roster && range <= ROSTER_SPAN_PER_CANDIDATE * matches) roster.ahead(low, from - 1);
  await Promise.all(readers.filter((r) => r.more && r.reached > low).map((r) => r.fillTo(low)));
}

export async function searchTickets(
  cid: number,
  terms: readonly QueryTerm[],
  opts: { below?: number; share?: number; densities?: number[]; limit: number; keep: (t: Ticket) => boolean; filtered: boolean; keepEntry?: (r: RosterEntry) => boolean },
): Promise<SearchPage> {
  if (!terms.length) return { tickets: [], contacts: [], hasMore: false };
  const readers = terms.map((t, i) => new PostingReader(cid, t.token, { below: opts.below, pageSize: opts.limit * 2, density: opts.densities?.[i] }));
  const roster = opts.filtered && opts.keepEntry ? new RosterWindow(cid) : undefined;
  const page: Ticket[] = [];
  const contacts = new Map<number, Contact>();
  /** Every ticket at or above it has been considered: the next call reads below it. */
  let below = opts.below;
  let ended = false;
  let considered = 0;

  while (page.length < opts.limit && !ended) {
    // As many tickets as the page still needs, divided by the share kept so far (all of them when
    // nothing filters; when the visibility or a filter may drop some, the share the previous page
    // saw, or half to start with).
    const share = considered ? Math.max(page.length / considered, 0.05) : opts.filtered ? (opts.share ?? 0.5) : 1;
    const most = opts.filtered && opts.keepEntry ? MAX_CANDIDATES_PER_ROUND * 4 : MAX_CANDIDATES_PER_ROUND;
    let want = Math.min(most, Math.ceil((opts.limit - page.length) / share));
    const round: Candidate[] = [];
    /** The round's candidates the roster did not rule out: the tickets to read. */
    const wanted: Candidate[] = [];
    let paused: number | undefined;
    // Candidates until the roster has passed enough of them to fill the page (one read of their
    // tickets), the words end, or the round is full. Without the roster: one batch of candidates.
    for (;;) {
      const from = round.length;
      while (round.length - from < want) {
        const step = await nextMatch(readers, MAX_ENTRIES_PER_CALL, want - (round.length - from), roster);
        if ('match' in step) round.push(step.match);
        else if ('end' in step) ended = true;
        else paused = step.paused;
        if (!('match' in step)) break;
      }
      const fresh = round.slice(from);
      const checked = roster ? await roster.keep(fresh, opts.keepEntry!) : undefined;
      wanted.push(...(checked ?? fresh));
      const need = opts.limit - page.length;
      if (!checked || ended || paused !== undefined || wanted.length >= need || round.length >= most) break;
      want = Math.min(most - round.length, Math.ceil((need - wanted.length) / Math.max(wanted.length / round.length, 0.02)));
    }
    const byId = new Map(wanted.length ? (await getTickets(cid, wanted.map((c) => c.id))).map((t) => [t.id, t]) : []);
    const kept = round.filter((c) => byId.has(c.id) && opts.keep(byId.get(c.id)!));
    // A word found only under the contact's name or number must match the contact as it is now:
    // the ticket's contact card (kept up to date from the stream), or the contact for older tickets.
    const named = kept.filter((c) => c.sources.some((s) => !s.has('t')) && !byId.get(c.id)!.contactCard);
    const unread = [...new Set(named.map((c) => byId.get(c.id)!.contactId))].filter((id) => !contacts.has(id));
    if (unread.length) for (const [id, contact] of await getContacts(cid, unread)) contacts.set(id, contact);
    const matches = (c: Candidate) => {
      const t = byId.get(c.id)!;
      const contact = t.contactCard ?? contacts.get(t.contactId);
      return c.sources.every((s, i) => s.has('t') || (!!contact && contactMatches(contact, terms[i]!)));
    };
    for (let i = 0; i < round.length; i++) {
      const c = round[i]!;
      below = c.id;
      considered++;
      if (kept.includes(c) && matches(c)) page.push(byId.get(c.id)!);
      if (page.length >= opts.limit) return finish(page, contacts, i < round.length - 1 || !ended, below, considered, readers);
    }
    if (paused !== undefined) return finish(page, contacts, true, paused + 1, considered, readers);
  }
  return finish(page, contacts, !ended, below, considered, readers);
}

/** `considered`: the candidates looked at, of which the page kept its tickets (the share for the next page); the words' densities go with it. */
function finish(page: Ticket[], contacts: Map<number, Contact>, hasMore: boolean, below: number | undefined, considered: number, readers: PostingReader[]): SearchPage {
  const used = new Set(page.map((t) => t.contactId));
  const densities = readers.every((r) => r.density) ? { densities: readers.map((r) => r.density!) } : {};
  const next = hasMore && below !== undefined ? { cursor: below, ...(considered ? { share: page.length / considered } : {}), ...densities } : {};
  return { tickets: page, contacts: [...contacts.values()].filter((c) => used.has(c.id)), hasMore, ...next };
}
