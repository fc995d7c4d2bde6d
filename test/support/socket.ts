import WebSocket from 'ws';
import { frameEvents } from '@conversa/shared/realtime';
import { baseUrl } from './api';

export type Received = { id: string; channel: string; companyId: number; data: { action: string; [k: string]: unknown } };

/** Resolves with the close code once the server closed the socket (-1: closed already); rejects after `ms`. */
export const closed = (ws: WebSocket, ms = 5000) =>
  new Promise<number>((resolve, reject) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve(-1);
    const timer = setTimeout(() => reject(new Error('socket still open')), ms);
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

/** A socket like the SPA's: collects server events and answers frames. */
export async function openSocket(token: string, url = baseUrl()): Promise<{ ws: WebSocket; events: Received[]; send: (f: object) => Promise<any>; waitFor: (pred: (e: Received) => boolean, ms?: number) => Promise<Received>; close: () => void }> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`);
  const events: Received[] = [];
  const replies: ((v: unknown) => void)[] = [];
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw));
    if (Array.isArray(msg) || msg.channel) events.push(...(frameEvents(msg) as Received[])); // a frame holds one change's events
    else replies.shift()?.(msg);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return {
    ws,
    events,
    send: (f) => new Promise((resolve) => { replies.push(resolve); ws.send(JSON.stringify(f)); }),
    waitFor: async (pred, ms = 5000) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const hit = events.find(pred);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events.map((e) => [e.channel, e.data.action]))}`);
    },
    close: () => ws.close(),
  };
}
