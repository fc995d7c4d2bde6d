import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSCRIPTION_BASE_URL, TranscriptionError, transcribeAudio, transcriptionBaseUrl } from './transcriber';

let server: Server;
let answer: { status: number; body: string } = { status: 200, body: '{"text":" oi "}' };
let seen: { url: string; auth: string; type: string } | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen = { url: req.url ?? '', auth: String(req.headers.authorization), type: String(req.headers['content-type']) };
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.TRANSCRIPTION_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(async () => {
  delete process.env.TRANSCRIPTION_BASE_URL;
  await new Promise((r) => server.close(r));
});

const call = () => transcribeAudio({ apiKey: 'k1', audio: Buffer.from('ogg'), filename: 'a.ogg', mimetype: 'audio/ogg' });

describe('transcriber', () => {
  it('posts multipart to {base}/audio/transcriptions with the bearer key and answers the trimmed text', async () => {
    answer = { status: 200, body: '{"text":"  olá  "}' };
    expect(await call()).toBe('olá');
    expect(seen).toMatchObject({ url: '/v1/audio/transcriptions', auth: 'Bearer k1' });
    expect(seen?.type).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('turns errors, non-JSON and answers without text into TranscriptionError', async () => {
    for (const a of [{ status: 401, body: '{"error":{}}' }, { status: 200, body: 'not json' }, { status: 200, body: '{"texto":"x"}' }]) {
      answer = a;
      await expect(call()).rejects.toBeInstanceOf(TranscriptionError);
    }
  });

  it('defaults to Groq', () => {
    const saved = process.env.TRANSCRIPTION_BASE_URL;
    delete process.env.TRANSCRIPTION_BASE_URL;
    expect(transcriptionBaseUrl()).toBe(DEFAULT_TRANSCRIPTION_BASE_URL);
    process.env.TRANSCRIPTION_BASE_URL = saved;
  });
});
