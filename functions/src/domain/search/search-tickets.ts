/**
 * The search tab's text search (GET /tickets?searchParam=…) over the tickets search index: every
 * word of the search must be on the ticket (AND), newest ticket first, one cursor (the last ticket
 * id considered). The words' entry lists are intersected by skipping: each list jumps (a new Query
 * from that id down) to the highest ticket the others still have, so a rare word bounds the reads
 * of a common one. The candidate tickets are read in one BatchGet per round and kept by the list's
 * predicate (visibility and the screen's filters); when those filter, the tickets' roster entries
 * (status, queue, user, group) are checked first, so the tickets they rule out are never read. A
 * word found only under the contact's name or number must still match the contact as it is (a
 * renamed contact's old name lists nothing): its card on the ticket, or the contact itself for
 * tickets made before the card.
 *
 * Bounded per call: at most MAX_ENTRIES_PER_CALL entries read; then the page comes back short
 * with hasMore and the cursor, and the next call goes on from there.
 */
import { getContacts, type Contact } from '../../adapters/db/contacts';
import { PostingReader, type Hit } from '../../adapters/db/search-index';
import { getTickets, rosterRange, type RosterEntry, type Ticket } from '../../adapters/db/tickets';
import { contactMatches, type QueryTerm } from './tokens';

const MAX_ENTRIES_PER_CALL = 20_000;
/** Candidates per round (four times as many when the roster rules most of them out before reading). */
const MAX_CANDIDATES_PER_ROUND = 100;
/** At most this many ids in the range per candidate for the roster to be read (≈ 4 KB of entries a ticket read). */
const ROSTER_SPAN_PER_CANDIDATE = 30;
/** Words whose densities differ more than this are intersected by seeking, not by reading both ranges. */
const SKEWED = 20;

/** `share`: of the candidates considered, the share the filters kept (for the next page's first round). */
export type SearchPage = { tickets: Ticket[]; contacts: Contact[]; hasMore: boolean; cursor?: number; share?: number };

type Candidate = { id: number; sources: Hit['sources'][] };
type Step = { match: Candidate } | { end: true } | { paused: number };

/**
 * The next ticket every reader has; `end` when one of them has no more; `paused` (with the highest
 * ticket id still open) once `budget` entries have been read. `wanted`: about how many matches are
 * still wanted, to size the readers' next Queries.
 */
async function nextMatch(readers: PostingReader[], budget: number, wanted: number): Promise<Step> {
  for (;;) {
    plan(readers, wanted);
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
 * Sizes each reader's next Query for `matches` more tickets. One word: its entries are the
 * candidates (a ticket has one or two). Several: once each word's density is known (tickets per
 * ticket id, from its first page), and taking the words as independent, that many matches lie in
 * an id range of about matches / Π density, so each word reads range × its density entries in one
 * Query instead of growing its pages (and round trips) fourfold at a time.
 */
function plan(readers: PostingReader[], matches: number): void {
  if (readers.length === 1) return readers[0]!.expect(Math.ceil(matches * 1.1));
  const densities = readers.flatMap((r) => (r.density === undefined ? [] : [r.density]));
  if (densities.length < readers.length) return;
  // A rare word beside a common one: the common one's entries are sought at the rare one's tickets
  // (seek), cheaper than reading its whole range.
  if (Math.max(...densities) > SKEWED * Math.min(...densities)) return;
  const range = matches / densities.reduce((a, d) => a * d, 1);
  readers.forEach((r, i) => r.expect(Math.ceil(range * densities[i]! * 1.1)));
}

export async function searchTickets(
  cid: number,
  terms: readonly QueryTerm[],
  opts: { below?: number; share?: number; limit: number; keep: (t: Ticket) => boolean; filtered: boolean; keepEntry?: (r: RosterEntry) => boolean },
): Promise<SearchPage> {
  if (!terms.length) return { tickets: [], contacts: [], hasMore: false };
  const readers = terms.map((t) => new PostingReader(cid, t.token, { below: opts.below, pageSize: opts.limit * 2 }));
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
        const step = await nextMatch(readers, MAX_ENTRIES_PER_CALL, want - (round.length - from));
        if ('match' in step) round.push(step.match);
        else if ('end' in step) ended = true;
        else paused = step.paused;
        if (!('match' in step)) break;
      }
      const fresh = round.slice(from);
      const checked = opts.filtered && opts.keepEntry ? await onRoster(cid, fresh, opts.keepEntry) : undefined;
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
      if (page.length >= opts.limit) return finish(page, contacts, i < round.length - 1 || !ended, below, considered);
    }
    if (paused !== undefined) return finish(page, contacts, true, paused + 1, considered);
  }
  return finish(page, contacts, !ended, below, considered);
}

/**
 * The candidates the roster does not rule out (their status, queue, user or group already fail the
 * filters); undefined when it was not asked. Asked only when the candidates are dense enough in
 * their id range that the roster's entries cost less than reading the tickets (~60 bytes an entry
 * against half a unit a ticket).
 */
async function onRoster(cid: number, round: Candidate[], keepEntry: (r: RosterEntry) => boolean): Promise<Candidate[] | undefined> {
  if (round.length < 4) return undefined;
  const ids = round.map((c) => c.id);
  const low = Math.min(...ids);
  const high = Math.max(...ids);
  if (high - low + 1 > ROSTER_SPAN_PER_CANDIDATE * round.length) return undefined;
  const roster = await rosterRange(cid, low, high);
  return round.filter((c) => {
    const r = roster.get(c.id);
    return !r || keepEntry(r);
  });
}

/** `considered`: the candidates looked at, of which the page kept its tickets (the share for the next page). */
function finish(page: Ticket[], contacts: Map<number, Contact>, hasMore: boolean, below: number | undefined, considered: number): SearchPage {
  const used = new Set(page.map((t) => t.contactId));
  const next = hasMore && below !== undefined ? { cursor: below, ...(considered ? { share: page.length / considered } : {}) } : {};
  return { tickets: page, contacts: [...contacts.values()].filter((c) => used.has(c.id)), hasMore, ...next };
}
