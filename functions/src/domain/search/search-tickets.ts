/**
 * The search tab's text search (GET /tickets?searchParam=…) over the tickets search index: every
 * word of the search must be on the ticket (AND), newest ticket first, one cursor (the last ticket
 * id considered). The index holds a bitmap per word and block of ticket ids (adapters/db/search-index.ts):
 * every word reads its blocks from the top of the range down, all words at once, and the blocks
 * every word has are intersected in memory. A rare word's Query covers many blocks for few items,
 * so the next read of the others starts at its highest block (skipping the runs it does not have).
 * How many blocks a read asks for follows the words' densities (tickets per ticket id, from the
 * blocks read or carried in the cursor): about the range the matches still wanted lie in.
 *
 * The candidate tickets are read in one BatchGet per round and kept by the list's predicate
 * (visibility and the screen's filters); when those filter, the tickets' roster entries (status,
 * queue, user, group) are checked first, so the tickets they rule out are never read. A word found
 * only under the contact's name or number must still match the contact as it is (a renamed
 * contact's old name lists nothing): its card on the ticket, or the contact itself for tickets made
 * before the card.
 *
 * Bounded per call: at most MAX_BLOCKS_PER_CALL blocks read; then the page comes back short with
 * hasMore and the cursor, and the next call goes on from there.
 */
import { getContacts, type Contact } from '../../adapters/db/contacts';
import { BLOCK, BlockReader, MAX_SPAN, TOP_BLOCK, blockOf, intersect, type Match } from '../../adapters/db/search-index';
import { TICKET_STATUSES } from '@conversa/shared/schemas/tickets';
import { getTickets, rosterBelow, rosterRange, type RosterEntry, type Ticket, type TicketStatus } from '../../adapters/db/tickets';
import { ahead } from '../../lib/ahead';
import { firstShare } from '../tickets/page-share';
import { contactMatches, type QueryTerm } from './tokens';

const MAX_BLOCKS_PER_CALL = 4_000;
/** Candidates per round (four times as many when the roster rules most of them out before reading). */
const MAX_CANDIDATES_PER_ROUND = 100;
/** At most this many ids in the range per candidate for the roster to be read (≈ 4 KB of entries a ticket read). */
const ROSTER_SPAN_PER_CANDIDATE = 30;
/** Blocks a word reads first when its density is not known. */
const FIRST_SPAN = 4;
/**
 * The same for a search of several words: their tickets in common are rarer than each word's, so
 * a first read of four blocks seldom fills a page and a second round trip followed. 64 blocks
 * cover a page of two words that each take one ticket in 45 (20 in common in ~43 blocks); a word's
 * block item is under 300 bytes, so this is at most ~2.5 read units a word, and less for words
 * that skip blocks.
 */
const FIRST_SPAN_OF_SEVERAL = 64;
/** The share of candidates a filtered first page of one status takes its filters to keep, to size its first roster read. */
const FIRST_ROSTER_SHARE = 0.2;
/**
 * At most this many roster entries per ticket of the page are read ahead: DynamoDB (Local,
 * measured) takes longer over more entries than the round trip the read ahead saves (100 pending
 * entries read ahead took a filtered search of 20,000 tickets from 18–21 ms at p50 to 15–17, 200
 * entries back to 21).
 */
const ROSTER_LEAD_PER_TICKET = 5;

/**
 * Roster entries a filtered search of one status reads from the top of its range beside the
 * words' first read (RosterWindow.prime), so its candidates are checked without a round trip of
 * their own: the ids a page takes when the filters keep `share` of the candidates (from the
 * cursor; FIRST_ROSTER_SHARE on a first page) and the words are as dense as the cursor says (or on
 * every ticket); none when the candidates are too sparse for their range to be worth reading.
 * Candidates below the entries read ahead are checked on their own range as before (keep()).
 */
function rosterLead(limit: number, share: number | undefined, densities: readonly number[] | undefined): number {
  const d = densities?.reduce((a, x) => a * x, 1) ?? 1;
  if (d * ROSTER_SPAN_PER_CANDIDATE < 1) return 0;
  return Math.min(ROSTER_LEAD_PER_TICKET * limit, Math.ceil(limit / ((share ?? FIRST_ROSTER_SHARE) * d)));
}

/**
 * `share`: of the candidates considered, the share the filters kept; `densities`: each word's
 * tickets per ticket id, as far as read (both for the next page's first round).
 */
export type SearchPage = { tickets: Ticket[]; contacts: Contact[]; hasMore: boolean; cursor?: number; share?: number; densities?: number[] };

type Step = { match: Match } | { end: true } | { paused: number };

/** The roster entries this call has read, by id range, of the statuses the list wants. */
export class RosterWindow {
  private entries = new Map<number, RosterEntry>();
  private spans: { low: number; high: number }[] = [];
  /** The read started by prime(), taken up by the first keep(). */
  private primed: Promise<void> | undefined;

  constructor(
    private readonly cid: number,
    private readonly statuses: readonly TicketStatus[],
  ) {}

  /** Starts reading `limit` entries a status down from `below` (the top when undefined), beside the words' first read. */
  prime(below: number | undefined, limit: number): this {
    if (limit < 1) return this;
    this.primed = ahead(
      Promise.all(this.statuses.map((s) => rosterBelow(this.cid, s, below, limit))).then((reads) => {
        for (const r of reads) for (const e of r.entries) this.entries.set(e.id, e);
        const low = Math.max(...reads.map((r) => r.low));
        const high = (below ?? Number.MAX_SAFE_INTEGER) - 1;
        if (low <= high) this.spans.push({ low, high });
      }),
    );
    return this;
  }

  /**
   * The id below `under` at which `n` more tickets pass the roster (`keepEntry`), when one span
   * read covers them all from `under` down; else undefined. Candidates below it cannot be on the
   * page unless some above it fail on their tickets, so a round stops there (its range unread).
   */
  async passAt(under: number, n: number, keepEntry: (r: RosterEntry) => boolean): Promise<number | undefined> {
    await this.settle();
    const span = this.spans.find((s) => under - 1 >= s.low && under - 1 <= s.high);
    if (!span || n < 1) return undefined;
    const passing = [...this.entries.values()].filter((e) => e.id < under && e.id >= span.low && keepEntry(e)).map((e) => e.id);
    return passing.length >= n ? passing.sort((a, b) => b - a)[n - 1] : undefined;
  }

  /** Takes up the read prime() started. */
  private async settle(): Promise<void> {
    if (!this.primed) return;
    const primed = this.primed;
    this.primed = undefined;
    await primed;
  }

  /**
   * The candidates the roster does not rule out (not in the statuses wanted, or their queue, user
   * or group already fail the filters); undefined when it was not read. The candidates' range is
   * read when they are dense enough in it that the roster's entries cost less than reading the
   * tickets (~60 bytes an entry against half a unit a ticket); else they pass, to be decided on
   * their tickets.
   */
  async keep(round: Match[], keepEntry: (r: RosterEntry) => boolean, next: Match[] = []): Promise<Match[] | undefined> {
    await this.settle();
    const inSpans = (id: number) => this.spans.some((s) => id >= s.low && id <= s.high);
    const missing = round.map((c) => c.id).filter((id) => !inSpans(id));
    if (missing.length >= 4) {
      // The candidates already found after these are read in the same Query, when as dense: a
      // selective filter would ask for them next.
      const high = Math.max(...missing);
      const later = next.map((c) => c.id).filter((id) => id < high && !inSpans(id));
      const all = high - Math.min(...later, high) + 1 <= ROSTER_SPAN_PER_CANDIDATE * (missing.length + later.length) ? [...missing, ...later] : missing;
      const low = Math.min(...all);
      if (high - low + 1 <= ROSTER_SPAN_PER_CANDIDATE * all.length) {
        for (const [id, e] of await rosterRange(this.cid, low, high, this.statuses)) this.entries.set(id, e);
        this.spans.push({ low, high });
      }
    }
    if (missing.length === round.length && !this.spans.length) return undefined;
    return round.filter((c) => {
      if (!inSpans(c.id)) return true;
      const r = this.entries.get(c.id);
      return !!r && keepEntry(r);
    });
  }
}

/**
 * The tickets every word has, highest id first: each word's blocks are read from `hi` (the highest
 * block not yet intersected) down, the words that have not covered it all at once, and the blocks
 * down to the lowest any of them covered are intersected.
 */
export class Matches {
  private readers: BlockReader[];
  private pending: Match[] = [];
  private hi: number;
  private span: number;
  /** The first read, started by prime() before the search itself. */
  private primed: Promise<void> | undefined;

  constructor(
    cid: number,
    terms: readonly QueryTerm[],
    private readonly below: number | undefined,
    private readonly hint: number[] | undefined,
  ) {
    this.hi = below === undefined ? TOP_BLOCK : blockOf(below - 1);
    this.span = terms.length > 1 ? FIRST_SPAN_OF_SEVERAL : FIRST_SPAN;
    this.readers = terms.map((t) => new BlockReader(cid, t.token, this.hi));
  }

  get read(): number {
    return this.readers.reduce((n, r) => n + r.read, 0);
  }

  /** Each word's density as read (or as the cursor had it, before any read). */
  densities(): number[] | undefined {
    const d = this.readers.map((r, i) => r.density ?? this.hint?.[i]);
    return d.every((x) => x !== undefined && x > 0) ? (d as number[]) : undefined;
  }

  /**
   * Blocks a read asks for: when the densities are known, the blocks of the id range `wanted`
   * matches lie in (about wanted / Π density ids below the highest id still open), else the span
   * so far (growing fourfold a read).
   */
  private spanFor(wanted: number): number {
    const d = this.densities();
    if (!d || this.hi >= TOP_BLOCK) return this.span;
    const top = Math.min((this.hi + 1) * BLOCK, this.below ?? Number.POSITIVE_INFINITY) - 1;
    const range = Math.ceil((wanted * 1.1) / d.reduce((a, x) => a * x, 1));
    return Math.max(1, Math.min(MAX_SPAN, this.hi - blockOf(Math.max(0, top - range + 1)) + 1));
  }

  /** Up to `n` of the matches found and not taken yet (no read). */
  ahead(n: number): Match[] {
    return this.pending.slice(0, Math.max(0, n));
  }

  /**
   * Starts the first read now, for about `wanted` matches (GET /tickets starts it beside the read
   * of the caller); next() takes it up instead of reading.
   */
  prime(wanted: number): this {
    this.primed = ahead(this.readBehind(wanted));
    return this;
  }

  /** Reads from `hi` down for the words that have not covered it, all at once (or takes up the primed read). */
  private async readBehind(wanted: number): Promise<void> {
    if (this.primed) {
      const first = this.primed;
      this.primed = undefined;
      return first;
    }
    const behind = this.readers.filter((r) => r.covered > this.hi);
    if (!behind.length) return;
    const span = this.spanFor(wanted);
    await Promise.all(behind.map((r) => r.readFrom(this.hi, span)));
    this.span = Math.min(MAX_SPAN, this.span * 4);
  }

  /** The next match; `end` when a word has no more; `paused` (the highest ticket id still open) once `budget` blocks were read. */
  async next(wanted: number, budget: number): Promise<Step> {
    while (!this.pending.length) {
      if (this.hi < 0) return { end: true };
      if (this.read >= budget) return { paused: Math.min(this.hi * BLOCK + BLOCK - 1, (this.below ?? Number.POSITIVE_INFINITY) - 1) };
      await this.readBehind(wanted);
      for (const r of this.readers) r.seek(this.hi);
      const low = Math.max(...this.readers.map((r) => r.covered));
      // Above the highest block some word has, no ticket has them all.
      const top = Math.min(...this.readers.map((r) => r.highest(this.hi)));
      if (top < low) {
        this.hi = top;
        continue;
      }
      for (const b of this.readers[0]!.buf) {
        if (b.block > top) continue;
        if (b.block < low) break;
        const same = this.readers.map((r) => r.buf.find((x) => x.block === b.block));
        if (same.every(Boolean)) this.pending.push(...intersect(same as NonNullable<(typeof same)[number]>[], this.below));
      }
      for (const r of this.readers) r.seek(low - 1);
      this.hi = low - 1;
    }
    return { match: this.pending.shift()! };
  }
}

/** The words' matches of a search page, their first read started now for the candidates the page's first round asks for. */
export function searchMatches(cid: number, terms: readonly QueryTerm[], at: { below?: number; share?: number; densities?: number[]; limit: number; filtered: boolean }): Matches {
  return new Matches(cid, terms, at.below, at.densities).prime(Math.ceil(at.limit / firstShare(at.filtered, at.share)));
}

/**
 * The roster window of a filtered search, primed when it wants one status: that status's entries
 * from the top of the range hold the candidates of a selective filter (a tab of few tickets, a
 * queue), read at once with the words' first blocks. With several statuses, an entry count from the
 * top covers an id range as short as the largest status makes it: their candidates' range is read
 * once found (keep()).
 */
export function searchRoster(cid: number, statuses: readonly TicketStatus[], at: { below?: number; share?: number; densities?: readonly number[]; limit: number }): RosterWindow {
  const roster = new RosterWindow(cid, statuses);
  return statuses.length === 1 ? roster.prime(at.below, rosterLead(at.limit, at.share, at.densities)) : roster;
}

export async function searchTickets(
  cid: number,
  terms: readonly QueryTerm[],
  opts: { below?: number; share?: number; densities?: number[]; limit: number; keep: (t: Ticket) => boolean; filtered: boolean; keepEntry?: (r: RosterEntry) => boolean; statuses?: readonly TicketStatus[]; matches?: Matches; roster?: RosterWindow },
): Promise<SearchPage> {
  if (!terms.length) return { tickets: [], contacts: [], hasMore: false };
  // `matches` and `roster`: made (and primed) with the same words, cursor, densities and statuses before the call.
  const matches = opts.matches ?? searchMatches(cid, terms, opts);
  const roster = opts.filtered && opts.keepEntry ? (opts.roster ?? searchRoster(cid, opts.statuses ?? TICKET_STATUSES, opts)) : undefined;
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
    const share = considered ? Math.max(page.length / considered, 0.05) : firstShare(opts.filtered, opts.share);
    const most = opts.filtered && opts.keepEntry ? MAX_CANDIDATES_PER_ROUND * 4 : MAX_CANDIDATES_PER_ROUND;
    let want = Math.min(most, Math.ceil((opts.limit - page.length) / share));
    const round: Match[] = [];
    /** The round's candidates the roster did not rule out: the tickets to read. */
    const wanted: Match[] = [];
    let paused: number | undefined;
    // Candidates until the roster has passed enough of them to fill the page (one read of their
    // tickets), the words end, or the round is full. Without the roster: one batch of candidates.
    for (;;) {
      const from = round.length;
      // Where the roster already read says the page fills: no candidate below it is gathered.
      const under = round.at(-1)?.id ?? below ?? Number.MAX_SAFE_INTEGER;
      const fills = roster ? await roster.passAt(under, opts.limit - page.length - wanted.length, opts.keepEntry!) : undefined;
      while (round.length - from < want) {
        const step = await matches.next(want - (round.length - from), MAX_BLOCKS_PER_CALL);
        if ('match' in step) round.push(step.match);
        else if ('end' in step) ended = true;
        else paused = step.paused;
        if (!('match' in step) || (fills !== undefined && step.match.id <= fills)) break;
      }
      const fresh = round.slice(from);
      // A first page does not know the filters' share yet: its first roster read also covers the
      // candidates already found after this round (a selective filter asks for them next).
      const checked = roster ? await roster.keep(fresh, opts.keepEntry!, opts.share === undefined && !considered && from === 0 ? matches.ahead(most - round.length) : []) : undefined;
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
    const matching = (c: Match) => {
      const t = byId.get(c.id)!;
      const contact = t.contactCard ?? contacts.get(t.contactId);
      return c.sources.every((s, i) => s.has('t') || (!!contact && contactMatches(contact, terms[i]!)));
    };
    for (let i = 0; i < round.length; i++) {
      const c = round[i]!;
      below = c.id;
      considered++;
      if (kept.includes(c) && matching(c)) page.push(byId.get(c.id)!);
      if (page.length >= opts.limit) return finish(page, contacts, i < round.length - 1 || !ended, below, considered, matches);
    }
    if (paused !== undefined) return finish(page, contacts, true, paused + 1, considered, matches);
  }
  return finish(page, contacts, !ended, below, considered, matches);
}

/** `considered`: the candidates looked at, of which the page kept its tickets (the share for the next page); the words' densities go with it. */
function finish(page: Ticket[], contacts: Map<number, Contact>, hasMore: boolean, below: number | undefined, considered: number, matches: Matches): SearchPage {
  const used = new Set(page.map((t) => t.contactId));
  const d = matches.densities();
  const densities = d ? { densities: d } : {};
  const next = hasMore && below !== undefined ? { cursor: below, ...(considered ? { share: page.length / considered } : {}), ...densities } : {};
  return { tickets: page, contacts: [...contacts.values()].filter((c) => used.has(c.id)), hasMore, ...next };
}
