/**
 * A local stand-in for an OpenAI-compatible transcription API (127.0.0.1, random port):
 * `POST /audio/transcriptions` (multipart: file, model, response_format) answers `{ text }`.
 * Records every request with its parsed form; failures on demand. Point the transcriber at it
 * with `process.env.TRANSCRIPTION_BASE_URL = fake.url`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TranscriptionRequest = { path: string; authorization: string; fields: Record<string, string>; file?: { name: string; type: string; bytes: Buffer } };

export type FakeTranscriber = {
  url: string;
  requests: TranscriptionRequest[];
  /** The text the next answers carry. */
  answer(text: string): void;
  /** The next request answers this status with an error body. */
  failNext(status: number): void;
  stop(): Promise<void>;
};

export async function startFakeTranscriber(): Promise<FakeTranscriber> {
  const requests: TranscriptionRequest[] = [];
  const failures: number[] = [];
  let text = 'texto transcrito';
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method !== 'POST' || !url.pathname.endsWith('/audio/transcriptions')) return send(404, { error: { message: 'not found' } });
    // Parse the multipart form the way a real server would (the platform's own parser).
    const form = await new Request('http://x', { method: 'POST', headers: { 'content-type': String(req.headers['content-type'] ?? '') }, body: raw }).formData().catch(() => undefined);
    const fields: Record<string, string> = {};
    let file: TranscriptionRequest['file'];
    for (const [k, v] of form?.entries() ?? []) {
      if (typeof v === 'string') fields[k] = v;
      else file = { name: v.name, type: v.type, bytes: Buffer.from(await v.arrayBuffer()) };
    }
    requests.push({ path: url.pathname, authorization: String(req.headers.authorization ?? ''), fields, ...(file ? { file } : {}) });
    const fail = failures.shift();
    if (fail) return send(fail, { error: { message: 'fake failure', type: 'server_error' } });
    if (!/^Bearer \S+/.test(String(req.headers.authorization ?? ''))) return send(401, { error: { message: 'Invalid API Key', type: 'invalid_request_error' } });
    if (!file || fields.model !== 'whisper-large-v3') return send(400, { error: { message: 'file and model are required', type: 'invalid_request_error' } });
    return send(200, { text: ` ${text} ` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/openai/v1`,
    requests,
    answer: (t) => {
      text = t;
    },
    failNext: (status) => failures.push(status),
    stop: () => new Promise((r) => server.close(() => r())),
  };
}
