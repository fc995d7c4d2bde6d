/**
 * A company's web service as a flow's http node sees it (127.0.0.1, random port), for the system
 * tests of the flow runtime. Its port is the only loopback port the stack's guarded client may
 * call (CONVERSA_HTTP_ALLOW_LOOPBACK_PORTS, set by global-setup.ts).
 *
 * - `GET|POST /clientes/{cpf}`: 200 `{ cpf, nome, plano: { nome }, recebido: { metodo, query, corpo, token } }`
 *   (the request echoed, so a flow can save what it sent and show it).
 * - `/falha`: 500 `{ erro }`.  `/privado`: 302 to the cloud metadata address.  `/lento`: answers after 15 s.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeFlowApi = { url: string; port: number; stop(): Promise<void> };

export async function startFakeFlowApi(): Promise<FakeFlowApi> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    const cliente = /^\/clientes\/([^/]+)$/.exec(url.pathname);
    if (cliente) {
      const cpf = decodeURIComponent(cliente[1]!);
      return send(200, { cpf, nome: `Cliente ${cpf}`, plano: { nome: 'Ouro' }, recebido: { metodo: req.method, query: Object.fromEntries(url.searchParams), corpo: Buffer.concat(chunks).toString('utf8'), token: req.headers['x-token'] ?? '' } });
    }
    if (url.pathname === '/falha') return send(500, { erro: 'indisponível' });
    if (url.pathname === '/privado') return send(302, {}, { location: 'http://169.254.169.254/latest/meta-data/' });
    if (url.pathname === '/lento') return void setTimeout(() => send(200, { tarde: true }), 15_000);
    send(404, { erro: 'não encontrado' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
