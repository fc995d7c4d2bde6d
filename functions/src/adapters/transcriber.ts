/**
 * Speech to text over an OpenAI-compatible API (`POST {base}/audio/transcriptions`, multipart,
 * model whisper-large-v3): Groq by default; `TRANSCRIPTION_BASE_URL` points it elsewhere (the
 * tests' fake server, another provider). The company's key comes from its `groqApiKey` setting.
 */
export const DEFAULT_TRANSCRIPTION_BASE_URL = 'https://api.groq.com/openai/v1';
export const TRANSCRIPTION_MODEL = 'whisper-large-v3';
const TIMEOUT_MS = 25_000;

export const transcriptionBaseUrl = (): string => (process.env.TRANSCRIPTION_BASE_URL || DEFAULT_TRANSCRIPTION_BASE_URL).replace(/\/+$/, '');

export class TranscriptionError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export async function transcribeAudio(input: { apiKey: string; audio: Buffer; filename: string; mimetype: string }): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(input.audio)], { type: input.mimetype }), input.filename);
  form.append('model', TRANSCRIPTION_MODEL);
  form.append('response_format', 'json');
  let res: Response;
  try {
    res = await fetch(`${transcriptionBaseUrl()}/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${input.apiKey}` }, body: form, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new TranscriptionError(`transcription request failed: ${(err as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) throw new TranscriptionError(`transcription answered ${res.status}: ${text.slice(0, 300)}`, res.status);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TranscriptionError('transcription answered something other than JSON', res.status);
  }
  const out = (parsed as { text?: unknown }).text;
  if (typeof out !== 'string') throw new TranscriptionError('transcription answer has no text', res.status);
  return out.trim();
}
