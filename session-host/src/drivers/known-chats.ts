/**
 * The people a session knows (for the chat import): phone number → name, kept in memory as the
 * channel reports them and saved with the session's auth state (so a restarted or another host
 * still knows them; a logout forgets them with the login). Saved in chunks a few seconds after a
 * change: `known-chats` holds the chunk count, `known-chats-<n>` the entries.
 */
import type { KnownChat } from '@conversa/shared/channels';
import { errData, type Log } from '../log';
import type { AuthStore } from './baileys-auth';

const INDEX = 'known-chats';
/** Entries per stored item (≤ 2 000 × ~120 bytes: far below DynamoDB's 400 KB). */
const PER_ITEM = 2_000;
const MAX_NAME = 100;

export class KnownChats {
  private readonly names = new Map<string, string>();
  private saveTimer?: NodeJS.Timeout;
  private storedChunks = 0;

  constructor(
    private readonly store: AuthStore,
    private readonly log: Log,
    private readonly saveAfterMs = 5_000,
  ) {}

  /** Reads what an earlier run saved (merged under what is already known). */
  async load(): Promise<void> {
    const count = Number((await this.store.read([INDEX])).get(INDEX) ?? 0);
    if (!count) return;
    const names = Array.from({ length: count }, (_, i) => `${INDEX}-${i}`);
    const items = await this.store.read(names);
    for (const name of names) {
      for (const [number, n] of JSON.parse(items.get(name) ?? '[]') as [string, string][]) if (!this.names.has(number)) this.names.set(number, n);
    }
    this.storedChunks = count;
  }

  /**
   * A number seen with a name. `saved`: the name the account gave the contact (beats the one the
   * person set); otherwise a name only fills an empty one.
   */
  note(number: string, name: string | null | undefined, saved = false): void {
    if (!/^\d{8,20}$/.test(number)) return;
    const clean = (name ?? '').trim().slice(0, MAX_NAME);
    const had = this.names.get(number);
    if (had !== undefined && (had === clean || !clean || (!saved && had))) return;
    this.names.set(number, clean);
    this.scheduleSave();
  }

  list(): KnownChat[] {
    return [...this.names].map(([number, name]) => ({ number, name }));
  }

  get size(): number {
    return this.names.size;
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.save().catch((err: unknown) => this.log.warn('known chats not saved', { err: errData(err) }));
    }, this.saveAfterMs);
  }

  /** Writes the list now (pending changes included). */
  async save(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const entries = [...this.names];
    const chunks = Math.ceil(entries.length / PER_ITEM);
    const writes: { name: string; data: string | null }[] = [];
    for (let i = 0; i < chunks; i++) writes.push({ name: `${INDEX}-${i}`, data: JSON.stringify(entries.slice(i * PER_ITEM, (i + 1) * PER_ITEM)) });
    for (let i = chunks; i < this.storedChunks; i++) writes.push({ name: `${INDEX}-${i}`, data: null });
    writes.push({ name: INDEX, data: String(chunks) });
    await this.store.write(writes);
    this.storedChunks = chunks;
  }

  /** Saves what is pending and stops the timer (the session ends). */
  async close(): Promise<void> {
    if (!this.saveTimer) return;
    await this.save().catch((err: unknown) => this.log.warn('known chats not saved', { err: errData(err) }));
  }

  /** Forgets everything (logout: the store is cleared by the caller). */
  reset(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.names.clear();
    this.storedChunks = 0;
  }
}
