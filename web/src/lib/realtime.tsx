import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ClientFrame } from '@conversa/shared/schemas/realtime';
import { parsePayload, type ChannelName, type PayloadOf } from '@conversa/shared/realtime-payloads';
import { RealtimeSocket, type SocketState } from './socket';

type RealtimeValue = { socket: RealtimeSocket | undefined; state: SocketState };
const RealtimeContext = createContext<RealtimeValue>({ socket: undefined, state: 'idle' });

type Props = {
  companyId: number | undefined;
  create(companyId: number, onState: (s: SocketState) => void): RealtimeSocket;
  children: ReactNode;
};

/** Holds one socket per signed-in company; closes it on sign-out or unmount. */
export function RealtimeProvider({ companyId, create, children }: Props) {
  const [value, setValue] = useState<RealtimeValue>({ socket: undefined, state: 'idle' });
  const createRef = useRef(create);
  createRef.current = create;

  useEffect(() => {
    if (companyId === undefined) return;
    const socket = createRef.current(companyId, (state) => setValue((v) => (v.socket === socket ? { socket, state } : v)));
    setValue({ socket, state: socket.status });
    socket.connect();
    return () => {
      socket.close();
      setValue({ socket: undefined, state: 'idle' });
    };
  }, [companyId]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeState(): SocketState {
  return useContext(RealtimeContext).state;
}

/**
 * Calls `handler` for every event on `channel` (the latest handler; no re-subscribe per render),
 * with its data parsed by the channel's schema (@conversa/shared/realtime-payloads). An event that
 * does not parse is dropped with a warning: never half-applied.
 */
export function useChannel<N extends ChannelName>(channel: N | undefined, handler: (event: { data: PayloadOf<N> }) => void): void {
  const { socket } = useContext(RealtimeContext);
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!socket || !channel) return;
    return socket.subscribe(channel, (ev) => {
      const parsed = parsePayload(channel, ev.data);
      if (parsed.success) ref.current({ data: parsed.data });
      else console.warn(`realtime: an event on ${channel} was dropped`, parsed.error);
    });
  }, [socket, channel]);
}

/** Joins a room while mounted (e.g. a ticket's chat box) and leaves it afterwards. */
export function useRoom(join: ClientFrame | undefined, leave: ClientFrame | undefined): void {
  const { socket } = useContext(RealtimeContext);
  const key = join ? JSON.stringify(join) : '';
  useEffect(() => {
    if (!socket || !join || !leave) return;
    socket.send(join);
    return () => socket.send(leave);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [socket, key]);
}

/**
 * Calls `onReconnect` (the latest one) each time the socket is open again after having been open:
 * events sent while it was down were missed, so the caller reads its data again.
 */
export function useOnReconnect(onReconnect: () => void, enabled = true): void {
  const state = useRealtimeState();
  const ref = useRef(onReconnect);
  ref.current = onReconnect;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!enabled || state !== 'open') return;
    if (wasOpen.current) ref.current();
    wasOpen.current = true;
  }, [state, enabled]);
}
