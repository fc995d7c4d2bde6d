/**
 * A local stand-in for the Graph API (127.0.0.1, random port): records every request and answers
 * like Meta does — message ids for sends, media lookups and downloads, and errors or 429s on
 * demand. Point the Graph client at it with `process.env.GRAPH_BASE_URL = fake.url`.
 *
 * What it serves, and its rules:
 *   - every request but the public CDN needs `Authorization: Bearer …` (any token; 401 #190 else);
 *     the token exchange and `/{user}/accounts` follow FAKE_APP and setPages.
 *   - `POST /{id}/messages`: Cloud API (`messaging_product: 'whatsapp'`) answers a `wamid.fake<n>`,
 *     Messenger/Instagram a `m_fake<n>`; `POST /{id}/media` a `media-<n>`; `GET /{media-id}` and
 *     `/cdn/…` the media added with addMedia.
 *   - templates: `GET /{waba-id}/message_templates` lists the WABA's templates (setTemplates; by
 *     default FAKE_TEMPLATES, for any WABA id), filtered by `status`, `limit` a page with
 *     `paging.cursors.after` and `paging.next` while more remain. A template send (`type:
 *     'template'`) must name a template of any WABA by name and language code (else 400 #132001),
 *     APPROVED (else 400 #132001 too, as Meta), with exactly as many body parameters as its body
 *     has `{{n}}` placeholders (else 400 #132000).
 *   - failures on demand: failNext (the next requests, in order) and failWhen (the next request
 *     passing a test), e.g. `{ status: 400, error: { code: 131048, message: 'Spam rate limit hit' } }`
 *     for a campaign's rate signal (131048, 131056) or `code: 368` for a block.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; headers: Record<string, string | string[] | undefined>; raw: Buffer; body: any };
export type Failure = { status: number; error?: { message: string; code?: number; type?: string }; headers?: Record<string, string> };
export type FakeMedia = { mimetype: string; size: number; bytes?: Buffer };
export type FakePage = { id: string; name: string; access_token: string; instagram_business_account?: { id: string } };
export type FakeTemplate = { id: string; name: string; language: string; status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED'; category: string; components: { type: string; format?: string; text?: string }[] };
/**
 * The templates every WABA has unless setTemplates says otherwise: two approved (one with two body
 * parameters, one with none), one pending and one rejected (never listed as approved, refused on send).
 */
export const FAKE_TEMPLATES: readonly FakeTemplate[] = [
  { id: 'tpl-1', name: 'promo_boas_vindas', language: 'pt_BR', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'HEADER', format: 'TEXT', text: 'Bem-vindo!' }, { type: 'BODY', text: 'Olá {{1}}, seu cupom é {{2}}.' }, { type: 'FOOTER', text: 'Responda sair para não receber mais' }] },
  { id: 'tpl-2', name: 'aviso_simples', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Temos novidades para você.' }] },
  { id: 'tpl-3', name: 'promo_pendente', language: 'pt_BR', status: 'PENDING', category: 'MARKETING', components: [{ type: 'BODY', text: 'Oferta para {{1}}.' }] },
  { id: 'tpl-4', name: 'promo_rejeitada', language: 'en_US', status: 'REJECTED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Hi {{1}}!' }] },
];
const bodyParams = (t: FakeTemplate) => new Set([...(t.components.find((c) => c.type === 'BODY')?.text ?? '').matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) => m[1])).size;

/** The Meta app the fake accepts in the token exchange. */
export const FAKE_APP = { id: '1234567890', secret: 'fake-app-secret' } as const;

export type FakeGraph = {
  url: string;
  requests: RecordedRequest[];
  /** Sends (POST .../messages) only. */
  sends(): RecordedRequest[];
  /** The next requests answer these failures, in order. */
  failNext(...f: Failure[]): void;
  /** The next request whose recorded form passes `test` answers this failure (once). */
  failWhen(test: (r: RecordedRequest) => boolean, f: Failure): void;
  addMedia(id: string, m: FakeMedia): void;
  /** A Messenger / Instagram customer's profile (`GET /{psid|igsid}?fields=…` answers the fields asked for). */
  addProfile(id: string, p: Record<string, string | null>): void;
  /** Pages `GET /{userId}/accounts` lists for a user (after a token exchange). */
  setPages(userId: string, pages: FakePage[]): void;
  /** Page ids the app subscribed to (`POST /{page}/subscribed_apps`), with their fields. */
  subscriptions: Map<string, string>;
  /** The templates of one WABA (instead of FAKE_TEMPLATES). */
  setTemplates(wabaId: string, list: FakeTemplate[]): void;
  /** Template sends (POST …/messages with `type: 'template'`), accepted or refused. */
  templateSends(): RecordedRequest[];
  reset(): void;
  stop(): Promise<void>;
};

async function read(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const requests: RecordedRequest[] = [];
  const failures: Failure[] = [];
  const conditional: { test: (r: RecordedRequest) => boolean; f: Failure }[] = [];
  const media = new Map<string, FakeMedia>();
  const profiles = new Map<string, Record<string, string | null>>();
  const pages = new Map<string, FakePage[]>();
  const subscriptions = new Map<string, string>();
  const templates = new Map<string, FakeTemplate[]>();
  const templatesOf = (waba: string): readonly FakeTemplate[] => templates.get(waba) ?? FAKE_TEMPLATES;
  /** A template a send names: of any WABA set, or of the default set. */
  const findTemplate = (name: string, code: string) => [...templates.values(), FAKE_TEMPLATES].flat().find((t) => t.name === name && t.language === code);
  let seq = 0;
  let base = '';

  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    let body: any = undefined;
    if ((req.headers['content-type'] ?? '').includes('json')) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, raw, body });
    const send = (status: number, out: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(out));
    };
    const hit = conditional.findIndex((c) => c.test(requests[requests.length - 1]!));
    const fail = hit >= 0 ? conditional.splice(hit, 1)[0]!.f : failures.shift();
    if (fail) return send(fail.status, { error: { message: fail.error?.message ?? 'fake failure', type: fail.error?.type ?? 'OAuthException', code: fail.error?.code ?? fail.status, fbtrace_id: 'fake' } }, fail.headers);
    // Messenger / Instagram attachments: a public CDN URL, no token.
    const publicCdn = /^\/public-cdn\/(.+)$/.exec(url.pathname);
    if (publicCdn && req.method === 'GET') {
      const m = media.get(decodeURIComponent(publicCdn[1]!));
      if (!m) return send(404, { error: { message: 'no such media', code: 100 } });
      const bytes = m.bytes ?? Buffer.alloc(m.size, 1);
      res.writeHead(200, { 'content-type': m.mimetype, 'content-length': String(bytes.length) });
      return res.end(bytes);
    }
    if (!/^Bearer .+/.test(String(req.headers.authorization ?? ''))) return send(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });

    const cdn = /^\/cdn\/(.+)$/.exec(url.pathname);
    if (cdn && req.method === 'GET') {
      const m = media.get(decodeURIComponent(cdn[1]!));
      if (!m) return send(404, { error: { message: 'no such media', code: 100 } });
      const bytes = m.bytes ?? Buffer.alloc(m.size, 1);
      res.writeHead(200, { 'content-type': m.mimetype, 'content-length': String(bytes.length) });
      return res.end(bytes);
    }
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'v21.0') return send(404, { error: { message: `unknown version ${parts[0]}`, code: 100 } });
    const [, node, edge] = parts;
    const bearer = String(req.headers.authorization).slice('Bearer '.length);
    const oauthError = (message: string) => send(400, { error: { message, type: 'OAuthException', code: 190 } });
    if (req.method === 'GET' && node === 'oauth' && edge === 'access_token') {
      const q = url.searchParams;
      if (q.get('grant_type') !== 'fb_exchange_token') return send(400, { error: { message: 'unsupported grant_type', code: 100 } });
      if (q.get('client_id') !== FAKE_APP.id || q.get('client_secret') !== FAKE_APP.secret) return send(400, { error: { message: 'Error validating client secret.', type: 'OAuthException', code: 1 } });
      const short = q.get('fb_exchange_token') ?? '';
      if (!short.startsWith('EAAB')) return oauthError('Invalid OAuth access token - Cannot parse access token');
      return send(200, { access_token: `LL-${short}`, token_type: 'bearer', expires_in: 5_183_944 });
    }
    if (req.method === 'GET' && node && edge === 'accounts') {
      if (!bearer.startsWith('LL-')) return oauthError('Error validating access token: the token is not long-lived');
      const list = pages.get(node) ?? [];
      const fields = (url.searchParams.get('fields') ?? '').split(',');
      return send(200, { data: list.map((p) => Object.fromEntries(Object.entries(p).filter(([k]) => fields.includes(k)))), paging: { cursors: { before: 'b', after: 'a' } } });
    }
    if (req.method === 'POST' && node && edge === 'subscribed_apps') {
      const page = [...pages.values()].flat().find((p) => p.id === node);
      if (!page || page.access_token !== bearer) return oauthError('(#210) A page access token is required to request this resource.');
      subscriptions.set(node, url.searchParams.get('subscribed_fields') ?? '');
      return send(200, { success: true });
    }
    if (req.method === 'GET' && node && edge === 'message_templates') {
      const status = url.searchParams.get('status');
      const all = templatesOf(node).filter((t) => !status || t.status === status);
      const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 25) || 25);
      const from = Number(url.searchParams.get('after') ?? 0) || 0;
      const page = all.slice(from, from + limit);
      const more = from + limit < all.length;
      const after = String(from + page.length);
      return send(200, { data: page, paging: { cursors: { before: String(from), after }, ...(more ? { next: `${base}${url.pathname}?after=${after}&limit=${limit}` } : {}) } });
    }
    if (req.method === 'GET' && node && !edge && profiles.has(node)) {
      const fields = (url.searchParams.get('fields') ?? '').split(',');
      return send(200, { id: node, ...Object.fromEntries(Object.entries(profiles.get(node)!).filter(([k]) => fields.includes(k))) });
    }
    if (req.method === 'GET' && node && !edge) {
      const m = media.get(node);
      if (!m) return send(404, { error: { message: `Unsupported get request. Object with ID '${node}' does not exist`, code: 100 } });
      return send(200, { messaging_product: 'whatsapp', id: node, url: `${base}/cdn/${encodeURIComponent(node)}`, mime_type: m.mimetype, file_size: m.size, sha256: 'x' });
    }
    if (req.method === 'POST' && edge === 'media') return send(200, { id: `media-${++seq}` });
    if (req.method === 'POST' && edge === 'messages') {
      if (!body) return send(400, { error: { message: 'body must be JSON', code: 100 } });
      if (body.messaging_product === 'whatsapp') {
        if (body.status === 'read') return send(200, { success: true });
        if (!body.to) return send(400, { error: { message: 'The parameter to is required.', code: 100 } });
        if (body.type === 'template') {
          const t = findTemplate(body.template?.name, body.template?.language?.code);
          if (!t || t.status !== 'APPROVED') return send(400, { error: { message: '(#132001) Template name does not exist in the translation', code: 132001, type: 'OAuthException' } });
          const given = (body.template?.components ?? []).find((c: { type?: string }) => c.type === 'body')?.parameters?.length ?? 0;
          if (given !== bodyParams(t)) return send(400, { error: { message: '(#132000) Number of parameters does not match the expected number of params', code: 132000, type: 'OAuthException' } });
        }
        return send(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.fake${++seq}` }] });
      }
      if (!body.recipient?.id) return send(400, { error: { message: 'The parameter recipient is required', code: 100 } });
      if (body.sender_action) return send(200, { recipient_id: body.recipient.id });
      return send(200, { recipient_id: body.recipient.id, message_id: `m_fake${++seq}` });
    }
    return send(404, { error: { message: `unknown path ${url.pathname}`, code: 100 } });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    sends: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')),
    failNext: (...f) => void failures.push(...f),
    failWhen: (test, f) => void conditional.push({ test, f }),
    addMedia: (id, m) => void media.set(id, m),
    addProfile: (id, p) => void profiles.set(id, p),
    setPages: (userId, list) => void pages.set(userId, list),
    subscriptions,
    setTemplates: (wabaId, list) => void templates.set(wabaId, list),
    templateSends: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages') && r.body?.type === 'template'),
    reset: () => {
      templates.clear();
      requests.length = 0;
      failures.length = 0;
      conditional.length = 0;
      media.clear();
      profiles.clear();
      pages.clear();
      subscriptions.clear();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A fake Graph server for one test file: started before its tests with `GRAPH_BASE_URL` pointed at
 * it, emptied before each test, stopped after. Answers a getter (the server exists once started).
 */
export function useFakeGraph(hooks: { beforeAll(fn: () => unknown): void; afterAll(fn: () => unknown): void; beforeEach(fn: () => unknown): void }): () => FakeGraph {
  let graph: FakeGraph | undefined;
  hooks.beforeAll(async () => {
    graph = await startFakeGraph();
    process.env.GRAPH_BASE_URL = graph.url;
  });
  hooks.afterAll(async () => {
    delete process.env.GRAPH_BASE_URL;
    await graph?.stop();
  });
  hooks.beforeEach(() => graph?.reset());
  return () => graph!;
}

// ---- Meta's webhook payloads, as the tests send them ------------------------------------------

export const cloudPayload = (phoneNumberId: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA-1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId }, ...value } }] }],
});

export const cloudText = (phoneNumberId: string, o: { id?: string; from?: string; name?: string; body?: string; ts?: number } = {}) =>
  cloudPayload(phoneNumberId, {
    contacts: [{ profile: { name: o.name ?? 'Maria Cliente' }, wa_id: o.from ?? '5511987654321' }],
    messages: [{ from: o.from ?? '5511987654321', id: o.id ?? 'wamid.TEXT1', timestamp: String(o.ts ?? 1_710_000_000), type: 'text', text: { body: o.body ?? 'Olá, preciso de ajuda' } }],
  });

export const messagingPayload = (object: 'page' | 'instagram', accountId: string, messaging: Record<string, unknown>[]) => ({
  object,
  entry: [{ id: accountId, time: 1_710_000_000_000, messaging }],
});
