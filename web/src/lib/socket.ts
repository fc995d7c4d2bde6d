/**
 * The realtime client (spec 1 §7, DESIGN.md "Realtime"): one WebSocket with the access token in
 * the query; pings every 18 s and a user-status frame every 5 min; reconnects with capped,
 * jittered exponential backoff reusing the current token (refreshing first when the server
 * refused it); re-joins its rooms after a reconnect; drops events of another company and
 * repeats of an event id seen in the last 5 s.
 */
import type { ClientFrame } from '@conversa/shared/schemas/realtime';
import { frameEvents } from '@conversa/shared/realtime';
import { SOCKET_DUPLICATE_WINDOW_MS, SOCKET_PING_MS, USER_STATUS_PING_MS } from '@conversa/shared/constants';
import { isExpired } from './jwt';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** Close codes a server uses to say the token is not accepted. */
export const AUTH_CLOSE_CODES: readonly number[] = [1008, 4001, 4003, 4401, 4403];

/** Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s, with jitter in [50 %, 100 %]. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** Remembers event ids for a window; `seen` answers true for a repeat inside it. */
export class RecentIds {
  private readonly ids = new Map<string, number>();
  constructor(private readonly windowMs: number = SOCKET_DUPLICATE_WINDOW_MS) {}

  seen(id: string, now: number): boolean {
    for (const [k, at] of this.ids) {
      if (now - at >= this.windowMs) this.ids.delete(k);
      else break; // insertion order = time order
    }
    if (this.ids.has(id)) return true;
    this.ids.set(id, now);
    return false;
  }

  get size(): number {
    return this.ids.size;
  }
}

type WsLike = {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
};
export type WsCtor = new (url: string) => WsLike;

export type SocketDeps = {
  url: string;
  companyId: number;
  getToken(): string | null;
  /** New token, null when the session is over (stop), throws when the server is unreachable. */
  refresh(): Promise<string | null>;
  WebSocket?: WsCtor;
  now?: () => number;
  random?: () => number;
  onStateChange?(state: SocketState): void;
};

export type SocketState = 'idle' | 'connecting' | 'open' | 'waiting' | 'closed';
/** An event as it arrived: its envelope checked, its data not yet (useChannel parses it with its channel's schema). */
export type ArrivedEvent = { id: string; channel: string; companyId: number; data: unknown };
export type EventHandler = (event: ArrivedEvent) => void;

const OPEN = 1;

/** The join frame a leave frame undoes, so rooms are tracked by the join's key. */
function roomKey(frame: ClientFrame): string | undefined {
  switch (frame.action) {
    case 'joinChatBox':
    case 'leaveChatBox':
      return `chat:${frame.ticketId}`;
    case 'joinNotification':
    case 'leaveNotification':
      return 'notification';
    case 'joinTickets':
    case 'leaveTickets':
      return `tickets:${frame.status}`;
    default:
      return undefined;
  }
}

export class RealtimeSocket {
  private ws: WsLike | undefined;
  private state: SocketState = 'idle';
  private attempt = 0;
  private opened = false;
  private refreshTried = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private statusTimer: ReturnType<typeof setInterval> | undefined;
  private readonly rooms = new Map<string, ClientFrame>();
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private readonly recent = new RecentIds();
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly deps: SocketDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
  }

  get status(): SocketState {
    return this.state;
  }

  connect(): void {
    if (this.state === 'closed') return;
    const token = this.deps.getToken();
    if (!token) return this.stop();
    const Ctor = this.deps.WebSocket ?? (globalThis.WebSocket as unknown as WsCtor);
    const sep = this.deps.url.includes('?') ? '&' : '?';
    this.setState('connecting');
    this.opened = false;
    const ws = new Ctor(`${this.deps.url}${sep}token=${encodeURIComponent(token)}`);
    this.ws = ws;
    ws.onopen = () => this.handleOpen(ws);
    ws.onmessage = (ev) => this.handleMessage(ev.data);
    ws.onclose = (ev) => this.handleClose(ws, ev?.code ?? 1006);
    ws.onerror = () => {
      /* a close follows */
    };
  }

  /** Ends for good (logout, unmount). */
  close(): void {
    this.stop();
  }

  subscribe(channel: string, handler: EventHandler): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(channel);
    };
  }

  /** Sends a frame; join/leave frames are remembered so a reconnect restores the rooms. */
  send(frame: ClientFrame): void {
    const key = roomKey(frame);
    if (key) {
      if (frame.action.startsWith('join')) this.rooms.set(key, frame);
      else this.rooms.delete(key);
    }
    this.raw(frame);
  }

  get joinedRooms(): ClientFrame[] {
    return [...this.rooms.values()];
  }

  private raw(frame: ClientFrame): void {
    if (this.ws && this.ws.readyState === OPEN) this.ws.send(JSON.stringify(frame));
  }

  private setState(s: SocketState): void {
    this.state = s;
    this.deps.onStateChange?.(s);
  }

  private handleOpen(ws: WsLike): void {
    if (ws !== this.ws) return;
    this.opened = true;
    this.attempt = 0;
    this.refreshTried = false;
    this.setState('open');
    for (const frame of this.rooms.values()) this.raw(frame);
    this.raw({ action: 'userStatus' });
    this.clearTimers();
    this.pingTimer = setInterval(() => this.raw({ action: 'ping' }), SOCKET_PING_MS);
    this.statusTimer = setInterval(() => this.raw({ action: 'userStatus' }), USER_STATUS_PING_MS);
  }

  private handleMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    // A frame is an event or the events of one change (ServerFrame), handled in their order.
    for (const ev of frameEvents(frame)) this.handleEvent(ev as Partial<ArrivedEvent>);
  }

  private handleEvent(ev: Partial<ArrivedEvent>): void {
    if (!ev || typeof ev.channel !== 'string' || !ev.data || typeof ev.data !== 'object') return;
    if (ev.companyId !== this.deps.companyId && ev.channel !== 'company-announcement') return;
    if (typeof ev.id === 'string' && this.recent.seen(ev.id, this.now())) return;
    const set = this.handlers.get(ev.channel);
    if (!set) return;
    for (const h of [...set]) {
      try {
        h(ev as ArrivedEvent);
      } catch (err) {
        console.error('realtime handler failed', err);
      }
    }
  }

  private handleClose(ws: WsLike, code: number): void {
    if (ws !== this.ws) return;
    this.ws = undefined;
    this.clearTimers();
    if (this.state === 'closed') return;
    const rejected = AUTH_CLOSE_CODES.includes(code) || (!this.opened && isExpired(this.deps.getToken(), this.now()));
    // A handshake that fails again and again may be a refused token the browser cannot report.
    const suspicious = !this.opened && this.attempt >= 1 && !this.refreshTried;
    this.scheduleReconnect(rejected || suspicious);
  }

  private scheduleReconnect(refreshFirst: boolean): void {
    this.setState('waiting');
    const delay = backoffDelay(this.attempt, this.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.state === 'closed') return;
      if (!refreshFirst) return this.connect();
      this.refreshTried = true;
      this.deps.refresh().then(
        (token) => (token ? this.connect() : this.stop()),
        () => this.scheduleReconnect(false), // server unreachable: keep backing off
      );
    }, delay);
  }

  private clearTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.pingTimer = this.statusTimer = undefined;
  }

  private stop(): void {
    this.setState('closed');
    this.clearTimers();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const ws = this.ws;
    this.ws = undefined;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      try {
        ws.close(1000);
      } catch {
        /* already closed */
      }
    }
  }
}
