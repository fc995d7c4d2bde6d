/**
 * Efí (Gerencianet) Pix API as the payment provider (BEHAVIOUR.md "Billing"). Every call goes over
 * mutual TLS with the platform's uploaded .p12 (adapters/payment-certificate.ts; Efí's certificates
 * have an empty passphrase) and carries an OAuth2 token from `POST /oauth/token` (client
 * credentials, HTTP Basic), kept until a minute before it expires and dropped when the certificate
 * changes or the API answers 401.
 *   createCharge    PUT /v2/cob/{txid}, then GET /v2/loc/{loc.id}/qrcode (the BR Code and the link)
 *   readCharge      GET /v2/cob/{txid} (status, amount, the sum of pix[].valor paid)
 *   registerWebhook PUT /v2/webhook/{chave} { webhookUrl }
 * The webhook URL is an API Gateway HTTP API, which cannot ask Efí for its client certificate, so
 * the registration sends `x-skip-mtls-checking: true` (Efí's documented way for such hosts): the
 * URL's secret path segment authenticates Efí's calls instead, and the charge is read back from
 * the API before an invoice is paid. `EFI_WEBHOOK_MTLS=true` leaves the header out for a host that
 * does check Efí's certificate. Failures become AppErrors (the provider's own words go to the log):
 * credentials refused → ERR_PAYMENT_PROVIDER_AUTH, client certificate refused in the handshake →
 * ERR_PAYMENT_CERTIFICATE_REFUSED, anything else → ERR_PAYMENT_PROVIDER.
 */
import { existsSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { AppError } from '../../lib/app-error';
import { env } from '../../lib/config';
import { log } from '../../lib/log';
import { paymentCertificate, type LoadedCertificate } from '../payment-certificate';
import { efiClientSecret } from '../secrets';
import type { CreateChargeInput, PaymentProvider, PixCharge, PixChargeStatus } from './payment-provider';

/** Efí's provider: the checkout's PaymentProvider, plus the webhook registration of the settings panel. */
export type EfiPixProvider = PaymentProvider & {
  readonly name: 'efi';
  /** Registers (or replaces) the platform Pix key's webhook URL at Efí. */
  registerWebhook(url: string): Promise<void>;
};

export type EfiOptions = {
  baseUrl: string;
  clientId?: string;
  clientSecret: () => Promise<string | undefined>;
  pixKey?: string;
  certificate: () => Promise<LoadedCertificate | undefined>;
  /** PEM CA certificates trusted besides the public roots (the local fake's CA). */
  ca?: string;
  /** The webhook host checks Efí's client certificate itself (no x-skip-mtls-checking). */
  webhookMtls?: boolean;
  timeoutMs?: number;
};

type Res = { status: number; body: any };
type Conn = { agent: https.Agent; fingerprint: string };

const TXID = /^[A-Za-z0-9]{26,35}$/;
const TOKEN_MARGIN_MS = 60_000;
/** TLS failures that mean the server refused our client certificate. */
const CERT_REFUSED = /alert (unknown ca|bad certificate|certificate required|certificate unknown|certificate expired|certificate revoked|access denied|decrypt error|handshake failure)/i;

/** Reais with 2 decimals → cents, exactly ("99.9" and "99.90" alike). */
const cents = (v: unknown): number => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(v ?? '').trim());
  if (!m) return NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};
const reais = (c: number): string => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** What the provider said, for the log: Efí answers `{ nome, mensagem }`, the BCB standard `{ title, detail, violacoes }`, OAuth `{ error_description }`. */
function providerMessage(body: any): string {
  if (!body || typeof body !== 'object') return String(body ?? '').slice(0, 300);
  const parts = [body.nome, body.mensagem, body.title, body.detail, body.error, body.error_description, ...(Array.isArray(body.violacoes) ? body.violacoes.map((v: any) => `${v?.propriedade ?? ''} ${v?.razao ?? ''}`.trim()) : [])];
  return parts.filter((p) => typeof p === 'string' && p).join(' · ').slice(0, 500);
}

/**
 * A transport failure as the caller should read it. Under TLS 1.3 the client's handshake ends before
 * the server has checked our certificate, so a refusal arrives as an alert on the first read or,
 * when the server drops the connection at once, as a reset of a connection that had just been
 * secured and answered nothing (`dropped`).
 */
function transportError(err: NodeJS.ErrnoException, path: string, dropped = false): AppError {
  const text = `${err.code ?? ''} ${err.message}`;
  const refused = CERT_REFUSED.test(text) || /ALERT_(UNKNOWN_CA|BAD_CERTIFICATE|CERTIFICATE_REQUIRED|CERTIFICATE_UNKNOWN|CERTIFICATE_EXPIRED|HANDSHAKE_FAILURE)/.test(err.code ?? '') || (dropped && err.code === 'ECONNRESET');
  log.warn('payment provider unreachable', { provider: 'efi', path, code: err.code, message: err.message, ...(refused ? { reason: 'client certificate refused' } : {}) });
  return new AppError(refused ? 'ERR_PAYMENT_CERTIFICATE_REFUSED' : 'ERR_PAYMENT_PROVIDER');
}

function trustedCa(ca: string | undefined): string[] | undefined {
  if (!ca) return undefined;
  const pem = ca.includes('-----BEGIN') ? ca : existsSync(ca) ? readFileSync(ca, 'utf8') : undefined;
  if (!pem) throw new Error('EFI_CA is neither PEM text nor a readable file');
  return [...rootCertificates, pem];
}

export function createEfiProvider(opts: EfiOptions): EfiPixProvider {
  const base = opts.baseUrl.replace(/\/$/, '');
  const ca = trustedCa(opts.ca);
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let conn: Conn | undefined;
  let token: { value: string; until: number; fingerprint: string } | undefined;
  let pendingToken: Promise<string> | undefined;

  async function connection(): Promise<Conn> {
    const cert = await opts.certificate();
    if (!cert) throw new AppError('ERR_PAYMENT_CERTIFICATE_MISSING');
    if (conn?.fingerprint === cert.fingerprint) return conn;
    conn?.agent.destroy();
    token = undefined;
    pendingToken = undefined;
    try {
      conn = { agent: new https.Agent({ pfx: cert.pfx, passphrase: '', ...(ca ? { ca } : {}), keepAlive: true, maxCachedSessions: 10 }), fingerprint: cert.fingerprint };
    } catch (err) {
      log.error('payment certificate does not load', { provider: 'efi', message: (err as Error).message });
      throw new AppError('ERR_PAYMENT_CERTIFICATE_REFUSED');
    }
    return conn;
  }

  /**
   * One HTTPS exchange. A kept-alive connection the server closed meanwhile resets before any answer:
   * that request is sent once more on a new connection (every call here is idempotent: a cob's txid is ours).
   */
  function request(c: Conn, method: string, path: string, headers: Record<string, string>, body?: unknown, retried = false): Promise<Res> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = https.request(
        `${base}${path}`,
        { method, agent: c.agent, headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}), ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('error', (err) => reject(transportError(err, path)));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              /* a non-JSON answer is kept as text for the log */
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      let answered = false;
      let secured = false;
      req.on('response', () => (answered = true));
      req.on('socket', (socket) => {
        if (!req.reusedSocket) socket.once('secureConnect', () => (secured = true));
      });
      req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error(`no answer in ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (req.reusedSocket && !answered && !retried && err.code === 'ECONNRESET') resolve(request(c, method, path, headers, body, true));
        else reject(transportError(err, path, secured && !answered));
      });
      req.end(payload);
    });
  }

  function failed(res: Res, method: string, path: string): AppError {
    log.warn('payment provider refused', { provider: 'efi', method, path, status: res.status, message: providerMessage(res.body) });
    return new AppError('ERR_PAYMENT_PROVIDER', undefined, undefined, { providerStatus: res.status });
  }

  async function fetchToken(c: Conn): Promise<string> {
    const secret = await opts.clientSecret();
    if (!opts.clientId || !secret) throw new AppError('ERR_PAYMENT_NOT_CONFIGURED');
    const basic = Buffer.from(`${opts.clientId}:${secret}`).toString('base64');
    const res = await request(c, 'POST', '/oauth/token', { authorization: `Basic ${basic}` }, { grant_type: 'client_credentials' });
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      log.warn('payment provider refused the credentials', { provider: 'efi', status: res.status, message: providerMessage(res.body) });
      throw new AppError('ERR_PAYMENT_PROVIDER_AUTH');
    }
    if (res.status !== 200 || typeof res.body?.access_token !== 'string') throw failed(res, 'POST', '/oauth/token');
    const seconds = Number(res.body.expires_in) > 0 ? Number(res.body.expires_in) : 3600;
    token = { value: res.body.access_token, until: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS, fingerprint: c.fingerprint };
    return token.value;
  }

  /** One token per certificate, fetched once for concurrent callers. */
  function accessToken(c: Conn): Promise<string> {
    if (token && token.fingerprint === c.fingerprint && Date.now() < token.until) return Promise.resolve(token.value);
    if (!pendingToken) {
      pendingToken = fetchToken(c).finally(() => {
        pendingToken = undefined;
      });
    }
    return pendingToken;
  }

  /** An API call with the token; a 401 (token revoked or expired early) fetches a new one once. */
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
    const c = await connection();
    let res = await request(c, method, path, { authorization: `Bearer ${await accessToken(c)}`, ...headers }, body);
    if (res.status === 401) {
      token = undefined;
      res = await request(c, method, path, { authorization: `Bearer ${await accessToken(c)}`, ...headers }, body);
    }
    return res;
  }

  function pixKey(): string {
    if (!opts.pixKey) throw new AppError('ERR_PAYMENT_NOT_CONFIGURED');
    return opts.pixKey;
  }

  function checkTxid(txid: string): string {
    if (!TXID.test(txid)) throw new Error(`txid ${JSON.stringify(txid)} is not 26 to 35 letters and digits`);
    return txid;
  }

  async function readCob(txid: string): Promise<Res> {
    return call('GET', `/v2/cob/${checkTxid(txid)}`);
  }

  return {
    name: 'efi',

    async createCharge(input: CreateChargeInput): Promise<PixCharge> {
      const txid = checkTxid(input.txid);
      const doc = input.payer?.document?.replace(/\D/g, '');
      const devedor = input.payer && doc && (doc.length === 11 || doc.length === 14) ? { [doc.length === 11 ? 'cpf' : 'cnpj']: doc, nome: input.payer.name.slice(0, 200) } : undefined;
      const cob = {
        calendario: { expiracao: input.expiresInSeconds },
        ...(devedor ? { devedor } : {}),
        valor: { original: input.amount },
        chave: pixKey(),
        solicitacaoPagador: input.description.slice(0, 140),
      };
      let res = await call('PUT', `/v2/cob/${txid}`, cob);
      if (res.status >= 400 && res.status < 500) {
        // A retry after an answer that was lost: the charge exists already; take it when it is the same one.
        const existing = await readCob(txid);
        if (existing.status === 200 && cents(existing.body?.valor?.original) === cents(input.amount) && existing.body?.chave === cob.chave && existing.body?.status === 'ATIVA') res = existing;
        else throw failed(res, 'PUT', '/v2/cob/{txid}');
      } else if (res.status !== 200 && res.status !== 201) throw failed(res, 'PUT', '/v2/cob/{txid}');
      const locId = res.body?.loc?.id;
      if (locId === undefined || locId === null) throw failed(res, 'PUT', '/v2/cob/{txid}');
      const qr = await call('GET', `/v2/loc/${encodeURIComponent(String(locId))}/qrcode`);
      if (qr.status !== 200) throw failed(qr, 'GET', '/v2/loc/{id}/qrcode');
      const brCode = qr.body?.qrcode ?? res.body?.pixCopiaECola;
      if (typeof brCode !== 'string' || !brCode) throw failed(qr, 'GET', '/v2/loc/{id}/qrcode');
      const createdAt = Date.parse(res.body?.calendario?.criacao) || Date.now();
      const expiracao = Number(res.body?.calendario?.expiracao) || input.expiresInSeconds;
      const location = res.body?.loc?.location ?? res.body?.location;
      return {
        txid,
        brCode,
        amount: String(res.body?.valor?.original ?? input.amount),
        paymentUrl: qr.body?.linkVisualizacao ?? (location ? `https://${String(location).replace(/^https?:\/\//, '')}` : ''),
        expiresAt: new Date(createdAt + expiracao * 1000).toISOString(),
      };
    },

    async readCharge(txid: string): Promise<PixChargeStatus> {
      const res = await readCob(txid);
      if (res.status !== 200) throw failed(res, 'GET', '/v2/cob/{txid}');
      const pix: any[] = Array.isArray(res.body?.pix) ? res.body.pix : [];
      const paid = pix.reduce((sum: number, p) => sum + (cents(p?.valor) || 0), 0);
      return {
        txid,
        status: res.body?.status,
        amount: String(res.body?.valor?.original),
        ...(pix.length ? { paidAmount: reais(paid), endToEndId: pix[0]?.endToEndId } : {}),
      };
    },

    async registerWebhook(url: string): Promise<void> {
      const res = await call('PUT', `/v2/webhook/${encodeURIComponent(pixKey())}`, { webhookUrl: url }, opts.webhookMtls ? {} : { 'x-skip-mtls-checking': 'true' });
      if (res.status !== 200 && res.status !== 201) throw failed(res, 'PUT', '/v2/webhook/{chave}');
    },
  };
}

let configured: EfiPixProvider | undefined;

/** The provider as the environment configures it (EFI_*, PIX_KEY), once per cold start. */
export function efiProvider(): EfiPixProvider {
  if (configured) return configured;
  const e = env();
  configured = createEfiProvider({
    baseUrl: e.EFI_BASE_URL,
    clientId: e.EFI_CLIENT_ID,
    clientSecret: efiClientSecret,
    pixKey: e.PIX_KEY,
    certificate: paymentCertificate,
    ca: e.EFI_CA,
    webhookMtls: e.EFI_WEBHOOK_MTLS === 'true',
  });
  return configured;
}

/** Tests change the environment between suites. */
export function resetEfiProvider(): void {
  configured = undefined;
}
