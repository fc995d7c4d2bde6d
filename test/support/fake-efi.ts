/**
 * A local stand-in for Efí's Pix API (127.0.0.1, random port) behind mutual TLS: the server
 * requires a client certificate signed by a CA made here (`makePki`, with the openssl CLI), so a
 * certificate from any other CA fails the handshake as Efí's does. It implements the calls the
 * provider makes, with Efí's shapes and statuses: `POST /oauth/token` (HTTP Basic, client
 * credentials), `PUT|GET /v2/cob/{txid}`, `GET /v2/loc/{id}/qrcode` (a real BR Code with its
 * CRC), `PUT|GET /v2/webhook/{chave}`; records every call; `pay(txid)` settles a charge
 * (CONCLUIDA with a `pix[]` entry) as a payer would. `GET /_fake/state` (mTLS, no token) shows the
 * recorded calls and webhooks to a test in another process than the fake's.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBrCode } from '../../shared/src/br-code';

const OPENSSL = '/usr/bin/openssl';

/** A CA, the fake's server certificate, and client certificates as Efí hands them out (.p12, empty passphrase). */
export type Pki = {
  dir: string;
  caPem: string;
  server: { key: string; cert: string };
  /** Signed by the fake's CA: accepted. */
  clientP12: Buffer;
  clientCn: string;
  /** Signed by another CA: refused in the handshake. */
  strangerP12: Buffer;
  /** A .p12 with a passphrase: not what Efí hands out. */
  protectedP12: Buffer;
};

function openssl(dir: string, ...args: string[]): void {
  execFileSync(OPENSSL, args, { cwd: dir, stdio: 'pipe' });
}

function ca(dir: string, name: string, cn: string): void {
  openssl(dir, 'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.crt`, '-days', '30', '-subj', `/CN=${cn}`);
}

function leaf(dir: string, name: string, cn: string, caName: string, ext: string): void {
  openssl(dir, 'req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
  writeFileSync(path.join(dir, `${name}.ext`), ext);
  openssl(dir, 'x509', '-req', '-in', `${name}.csr`, '-CA', `${caName}.crt`, '-CAkey', `${caName}.key`, '-CAcreateserial', '-out', `${name}.crt`, '-days', '30', '-extfile', `${name}.ext`);
}

function p12(dir: string, name: string, pass = '', out = `${name}.p12`): Buffer {
  openssl(dir, 'pkcs12', '-export', '-inkey', `${name}.key`, '-in', `${name}.crt`, '-out', out, '-passout', `pass:${pass}`);
  return readFileSync(path.join(dir, out));
}

/** Makes the certificates in a new temp directory (about a second with EC keys). */
export function makePki(clientCn = `fake-efi-${randomBytes(3).toString('hex')}`): Pki {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-efi-'));
  ca(dir, 'ca', 'Fake Efi CA');
  leaf(dir, 'server', 'localhost', 'ca', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  leaf(dir, 'client', clientCn, 'ca', 'extendedKeyUsage=clientAuth\n');
  ca(dir, 'other-ca', 'Some Other CA');
  leaf(dir, 'stranger', 'stranger', 'other-ca', 'extendedKeyUsage=clientAuth\n');
  const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
  return {
    dir,
    caPem: read('ca.crt'),
    server: { key: read('server.key'), cert: read('server.crt') },
    clientP12: p12(dir, 'client'),
    clientCn,
    strangerP12: p12(dir, 'stranger'),
    protectedP12: p12(dir, 'stranger', 'segredo', 'protected.p12'),
  };
}

export type FakeCall = { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: any; clientCn?: string };
type Cob = Record<string, any> & { txid: string; status: string; valor: { original: string }; loc: { id: number; location: string; tipoCob?: string; criacao?: string }; pix?: any[] };

export type FakeEfi = {
  url: string;
  pki: Pki;
  clientId: string;
  clientSecret: string;
  pixKey: string;
  calls: FakeCall[];
  charges: Map<string, Cob>;
  webhooks: Map<string, { webhookUrl: string; criacao: string; skipMtls: boolean }>;
  /** OAuth tokens issued so far. */
  tokensIssued(): number;
  /** Settles a charge as a payer would (the whole amount unless another is given). */
  pay(txid: string, valor?: string): void;
  /** Revokes every token issued (the next API call answers 401). */
  revokeTokens(): void;
  /** The next API call (not the token) answers this. */
  failNext(status: number, body: unknown): void;
  reset(): void;
  stop(): Promise<void>;
};

const TXID = /^[A-Za-z0-9]{26,35}$/;

export async function startFakeEfi(opts: { pki?: Pki; clientId?: string; clientSecret?: string; pixKey?: string; tokenSeconds?: number } = {}): Promise<FakeEfi> {
  const pki = opts.pki ?? makePki();
  const clientId = opts.clientId ?? 'Client_Id_fake';
  const clientSecret = opts.clientSecret ?? 'Client_Secret_fake';
  const pixKey = opts.pixKey ?? 'pix@conversa.local';
  const calls: FakeCall[] = [];
  const charges = new Map<string, Cob>();
  const locs = new Map<number, string>();
  const webhooks = new Map<string, { webhookUrl: string; criacao: string; skipMtls: boolean }>();
  const tokens = new Set<string>();
  let issued = 0;
  let nextLoc = 1;
  let failure: { status: number; body: unknown } | undefined;

  const server: Server = createServer({ key: pki.server.key, cert: pki.server.cert, ca: pki.caPem, requestCert: true, rejectUnauthorized: true }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const url = new URL(req.url ?? '/', 'https://localhost');
    const peer = (req.socket as import('node:tls').TLSSocket).getPeerCertificate?.();
    const call: FakeCall = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body, clientCn: peer?.subject?.CN ? String(peer.subject.CN) : undefined };
    const send = (status: number, out: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    };
    if (url.pathname === '/_fake/state') return send(200, { calls, webhooks: Object.fromEntries(webhooks) });
    calls.push(call);

    if (call.method === 'POST' && url.pathname === '/oauth/token') {
      const auth = String(req.headers.authorization ?? '');
      const [id, secret] = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
      if (!auth.startsWith('Basic ') || id !== clientId || secret !== clientSecret) return send(401, { error: 'invalid_client', error_description: 'Invalid or inactive credentials' });
      if (body?.grant_type !== 'client_credentials') return send(400, { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
      const token = randomBytes(24).toString('base64url');
      tokens.add(token);
      issued++;
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: opts.tokenSeconds ?? 3600, scope: 'cob.read cob.write pix.read webhook.read webhook.write' });
    }
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return send(401, { nome: 'nao_autorizado', mensagem: 'Token de acesso inválido ou expirado' });
    if (failure) {
      const f = failure;
      failure = undefined;
      return send(f.status, f.body);
    }

    const cob = /^\/v2\/cob\/([^/]+)$/.exec(url.pathname);
    if (cob && call.method === 'PUT') {
      const txid = decodeURIComponent(cob[1]!);
      if (!TXID.test(txid)) return send(400, { type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida', title: 'Cobrança inválida.', status: 400, detail: 'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o schema ou está semanticamente errada.', violacoes: [{ razao: 'O campo txid não respeita o schema.', propriedade: 'txid' }] });
      if (charges.has(txid)) return send(400, { nome: 'txid_duplicado', mensagem: 'Campo txid informado já foi utilizado em outra cobrança' });
      const valid = /^\d{1,10}\.\d{2}$/.test(String(body?.valor?.original)) && Number.isInteger(body?.calendario?.expiracao) && body.calendario.expiracao > 0 && typeof body?.chave === 'string';
      if (!valid) return send(400, { type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida', title: 'Cobrança inválida.', status: 400, detail: 'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o schema ou está semanticamente errada.', violacoes: [{ razao: 'valor.original, calendario.expiracao ou chave inválidos', propriedade: 'cob' }] });
      if (body.chave !== pixKey) return send(400, { nome: 'chave_invalida', mensagem: 'A chave informada não pertence à conta' });
      const id = nextLoc++;
      const location = `pix.fake-efi.local/qr/v2/${randomUUID().replace(/-/g, '')}`;
      const created: Cob = {
        calendario: { criacao: new Date().toISOString(), expiracao: body.calendario.expiracao },
        txid,
        revisao: 0,
        loc: { id, location, tipoCob: 'cob', criacao: new Date().toISOString() },
        location,
        status: 'ATIVA',
        ...(body.devedor ? { devedor: body.devedor } : {}),
        valor: { original: body.valor.original },
        chave: body.chave,
        ...(body.solicitacaoPagador ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
        pixCopiaECola: buildBrCode({ location, merchantName: 'CONVERSA PLATAFORMA', merchantCity: 'SAO PAULO', singleUse: true }),
      };
      charges.set(txid, created);
      locs.set(id, txid);
      return send(201, created);
    }
    if (cob && call.method === 'GET') {
      const found = charges.get(decodeURIComponent(cob[1]!));
      return found ? send(200, found) : send(404, { nome: 'cobranca_nao_encontrada', mensagem: 'Nenhuma cobrança encontrada para o txid informado' });
    }
    const qr = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(url.pathname);
    if (qr && call.method === 'GET') {
      const txid = locs.get(Number(qr[1]));
      const c = txid ? charges.get(txid) : undefined;
      if (!c) return send(404, { nome: 'location_nao_encontrada', mensagem: 'Nenhuma location encontrada para o identificador informado' });
      return send(200, { qrcode: c.pixCopiaECola, imagemQrcode: 'data:image/png;base64,iVBORw0KGgo=', linkVisualizacao: `https://pix.fake-efi.local/cob/pagar/${c.loc.id}` });
    }
    const hook = /^\/v2\/webhook\/([^/]+)$/.exec(url.pathname);
    if (hook && call.method === 'PUT') {
      const chave = decodeURIComponent(hook[1]!);
      if (chave !== pixKey) return send(400, { nome: 'chave_invalida', mensagem: 'A chave informada não pertence à conta' });
      let ok = false;
      try {
        ok = /^https?:$/.test(new URL(String(body?.webhookUrl)).protocol);
      } catch {
        ok = false;
      }
      if (!ok) return send(400, { nome: 'webhook_invalido', mensagem: 'A URL do webhook é inválida' });
      const entry = { webhookUrl: String(body.webhookUrl), criacao: new Date().toISOString(), skipMtls: req.headers['x-skip-mtls-checking'] === 'true' };
      webhooks.set(chave, entry);
      return send(200, { webhookUrl: entry.webhookUrl, chave, criacao: entry.criacao });
    }
    if (hook && call.method === 'GET') {
      const entry = webhooks.get(decodeURIComponent(hook[1]!));
      return entry ? send(200, { webhookUrl: entry.webhookUrl, chave: decodeURIComponent(hook[1]!), criacao: entry.criacao }) : send(404, { nome: 'webhook_nao_encontrado', mensagem: 'Webhook não encontrado para a chave informada' });
    }
    send(404, { nome: 'rota_nao_encontrada', mensagem: `${call.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    pki,
    clientId,
    clientSecret,
    pixKey,
    calls,
    charges,
    webhooks,
    tokensIssued: () => issued,
    pay(txid, valor) {
      const c = charges.get(txid);
      if (!c) throw new Error(`no charge ${txid}`);
      c.status = 'CONCLUIDA';
      c.pix = [...(c.pix ?? []), { endToEndId: `E${randomBytes(15).toString('hex').toUpperCase().slice(0, 31)}`, txid, valor: valor ?? c.valor.original, horario: new Date().toISOString(), infoPagador: 'Pagamento de teste' }];
    },
    revokeTokens: () => tokens.clear(),
    failNext(status, body) {
      failure = { status, body };
    },
    reset() {
      calls.length = 0;
      charges.clear();
      locs.clear();
      webhooks.clear();
      failure = undefined;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads a fake's recorded state from another process (over its mutual TLS, with the client certificate). */
export function fakeEfiState(url: string, pki: Pick<Pki, 'caPem' | 'clientP12'>): Promise<{ calls: FakeCall[]; webhooks: Record<string, { webhookUrl: string; skipMtls: boolean }> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/_fake/state`, { pfx: pki.clientP12, passphrase: '', ca: pki.caPem }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    req.on('error', reject);
    req.end();
  });
}
