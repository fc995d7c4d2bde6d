/** Reads a request body up to a limit; past it the rest is drained (so the client gets the answer). */
import type { IncomingMessage } from 'node:http';

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

/** Beyond this much excess the socket is cut instead of drained. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit + DRAIN_LIMIT) {
      req.resume();
      resolve({ ok: false, reason: 'too-large' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > limit;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      if (size > limit + DRAIN_LIMIT) req.destroy();
    });
    req.on('end', () => resolve(tooLarge ? { ok: false, reason: 'too-large' } : { ok: true, body: Buffer.concat(chunks) }));
    req.on('error', () => resolve({ ok: false, reason: tooLarge ? 'too-large' : 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ ok: false, reason: tooLarge ? 'too-large' : 'aborted' });
    });
  });
}
