/**
 * The flow runtime through the sandbox phone (BEHAVIOUR.md "Flows"): flows seeded with the flows
 * adapter, attached to a paired sandbox connection and to phrase triggers, walked by customers who
 * write on the phone; every text the phone receives is asserted exactly. The http node calls the
 * fake web service of test/support/fake-flow-api.ts (the only loopback port the stack may call).
 */
import { inject, beforeAll, describe, expect, it } from 'vitest';
import { FlowGraph, type FlowTriggerView } from '../../shared/src/schemas/flows';
import { putFlow, putFlowTrigger, saveFlowVersion } from '../../functions/src/adapters/db/flows';
import { getTicket } from '../../functions/src/adapters/db/tickets';
import { FLOW_TEXTS } from '../../functions/src/domain/flows/runner';
import type { Client } from '../support/api';
import { botCompany, customerNumber, Customer, makeQueue, setConnection, type QueueMade } from '../support/bot-chat';
import { until } from '../support/sandbox';
import { TINY_PNG } from '../support/tenants';
import { putMedia } from '../../functions/src/adapters/media';
import { flowFileKey } from '../../functions/src/domain/flows/flow-files';

let admin: Client;
let companyId: number;
let wid: number;
let geral: QueueMade;
let vendas: QueueMade;
let phoneSeq = 0;
let flowSeq = 100;
const api = () => inject('flowApi').url;
const customer = (name = 'Ana Souza') => new Customer(admin, companyId, wid, customerNumber('55219', 6, ++phoneSeq), name);

type RawNode = { id: string; type: string; data?: Record<string, unknown> };
/** A graph in the document format; edges `from>to` or `from:handle>to`. */
function graph(nodes: RawNode[], edges: string[]): FlowGraph {
  return FlowGraph.parse({
    nodes: [{ id: 'start', type: 'start', data: {} }, ...nodes].map((n, i) => ({ position: { x: 300 * i, y: 100 }, data: {}, ...n })),
    connections: edges.map((e, i) => {
      const [from, to] = e.split('>');
      const [source, sourceHandle] = from!.split(':');
      return { id: `e${i}`, source, target: to, ...(sourceHandle ? { sourceHandle } : {}) };
    }),
  });
}

/** A saved flow (version 1) of the company; answers its id. */
async function seedFlow(name: string, g: FlowGraph): Promise<number> {
  const id = ++flowSeq;
  const now = new Date().toISOString();
  await putFlow({ id, companyId, name, active: true, version: 0, rev: 0, createdAt: now, updatedAt: now });
  await saveFlowVersion(companyId, id, 0, g, now);
  return id;
}

async function phrase(flowId: number, text: string, matchType: 'exact' | 'partial' = 'exact'): Promise<void> {
  const now = new Date().toISOString();
  await putFlowTrigger({ id: flowId, companyId, name: `gatilho ${flowId}`, flowId, phrase: text, matchType, whatsappId: wid, status: true, createdAt: now, updatedAt: now } as FlowTriggerView & { companyId: number });
}

async function ticketOf(c: Customer) {
  const { ticketId } = await c.stored(c.ids[c.ids.length - 1]!);
  return (await getTicket(companyId, ticketId))!;
}

const MENU = 'Como posso ajudar?\n\n*1* - Vendas\n*2* - Suporte técnico\n*3* - Consultar cadastro';
let welcome: number;
let notPhrase: number;
let loop: number;
let all: number;
let tagForAll: { id: number };
let versioned: number;
const versionedGraph = (v: string) =>
  graph([{ id: 'q', type: 'question', data: { label: `${v}: qual o seu nome?`, variable: 'nome' } }, { id: 'fim', type: 'message', data: { label: `${v}: obrigado, {{nome}}` } }], ['start>q', 'q>fim']);

beforeAll(async () => {
  ({ admin, companyId, wid } = await botCompany());
  geral = await makeQueue(admin, { name: 'Geral', greetingMessage: '' });
  vendas = await makeQueue(admin, { name: 'Vendas', greetingMessage: '' });
  welcome = await seedFlow(
    'Boas-vindas',
    graph(
      [
        { id: 'oi', type: 'message', data: { label: 'Olá {{firstName}}! Bem-vindo.' } },
        { id: 'menu', type: 'menu', data: { message: 'Como posso ajudar?', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte técnico' }, { number: 3, value: 'Consultar cadastro' }] } },
        { id: 'fila', type: 'queue', data: { queue: vendas.id } },
        { id: 'idade', type: 'question', data: { label: 'Qual é a sua idade?', variable: 'idade' } },
        { id: 'maior', type: 'condition', data: { key: 'idade', condition: 2, value: '18' } },
        { id: 'sim', type: 'message', data: { label: 'Maior de idade: {{idade}}' } },
        { id: 'nao', type: 'message', data: { label: 'Menor de idade: {{idade}}' } },
        { id: 'cpf', type: 'question', data: { label: 'Qual o seu CPF?', variable: 'cpf' } },
        { id: 'http', type: 'httpRequest', data: { url: `${api()}/clientes/{{cpf}}`, method: 'post', headers: [{ key: 'x-token', value: 'segredo-{{cpf}}' }], params: [{ key: 'origem', value: 'fluxo' }], body: '{"cpf":"{{cpf}}"}', saveFields: [{ path: 'nome', variable: 'nomeCliente' }, { path: 'plano.nome', variable: 'plano' }, { path: 'recebido.token', variable: 'token' }] } },
        { id: 'ok', type: 'message', data: { label: '{{nomeCliente}}, seu plano é {{plano}} ({{token}}).' } },
        { id: 'erro', type: 'message', data: { label: 'Não encontramos seu cadastro.' } },
      ],
      ['start>oi', 'oi>menu', 'menu:a1>fila', 'menu:a2>idade', 'idade>maior', 'maior:true>sim', 'maior:false>nao', 'menu:a3>cpf', 'cpf>http', 'http:success>ok', 'http:error>erro'],
    ),
  );
  notPhrase = await seedFlow('Sem frase', graph([{ id: 'm', type: 'message', data: { label: 'Que bom te ver de novo, {{firstName}}!' } }], ['start>m']));
  const promo = await seedFlow(
    'Promoção',
    graph([{ id: 'a', type: 'message', data: { label: 'Um momento...' } }, { id: 'i', type: 'interval', data: { sec: 2 } }, { id: 'b', type: 'message', data: { label: 'Aqui está a promoção!' } }], ['start>a', 'a>i', 'i>b']),
  );
  await phrase(promo, 'promoção', 'partial');
  const failing = await seedFlow(
    'Falha',
    graph([{ id: 'h', type: 'httpRequest', data: { url: `${api()}/falha`, method: 'get' } }, { id: 'ok', type: 'message', data: { label: 'deu certo' } }, { id: 'e', type: 'message', data: { label: 'Serviço indisponível' } }], ['start>h', 'h:success>ok', 'h:error>e']),
  );
  await phrase(failing, 'testar falha');
  for (const [text, url] of [['metadados', 'http://169.254.169.254/latest/meta-data/'], ['redirecionar', `${api()}/privado`], ['interno', 'http://10.0.0.1/admin'], ['local', 'http://localhost:22/']] as const) {
    const ssrf = await seedFlow(`SSRF ${text}`, graph([{ id: 'h', type: 'httpRequest', data: { url, method: 'get', saveFields: [{ path: 'x', variable: 'x' }] } }, { id: 'ok', type: 'message', data: { label: 'vazou {{x}}' } }, { id: 'e', type: 'message', data: { label: 'bloqueado' } }], ['start>h', 'h:success>ok', 'h:error>e']));
    await phrase(ssrf, text);
  }
  const waits = await seedFlow('Espera', graph([{ id: 'q', type: 'question', data: { label: 'Pode esperar um pouco?', variable: 'x' } }, { id: 'm', type: 'message', data: { label: 'nunca enviada' } }], ['start>q', 'q>m']));
  await phrase(waits, 'quero esperar');
  versioned = await seedFlow('Versões', versionedGraph('v1'));
  await phrase(versioned, 'versão');
  // Phrase triggers are read again only every few seconds: every flow a phrase starts is saved before any message.
  loop = await seedFlow('Laço', graph([{ id: 'r1', type: 'randomizer', data: { percent: 50 } }, { id: 'r2', type: 'randomizer', data: { percent: 50 } }], ['start>r1', 'r1:a>r2', 'r1:b>r2', 'r2:a>r1', 'r2:b>r1']));
  await phrase(loop, 'girar');
  await putMedia(flowFileKey(companyId, 'catalogo.png'), TINY_PNG, 'image/png');
  await putMedia(flowFileKey(companyId, 'tabela.pdf'), Buffer.from('%PDF-1.4\n%fake\n'), 'application/pdf');
  for (const name of ['recado.ogg', 'jingle.ogg']) await putMedia(flowFileKey(companyId, name), Buffer.from('OggS\0fake'), 'audio/ogg');
  tagForAll = (await admin.call('POST', '/tags', { body: { name: 'Cliente fluxo', color: '#3366ff' } })).body;
  all = await seedFlow('Todos os nós', graph([
    { id: 'sb', type: 'singleBlock', data: { seq: ['message0', 'interval1', 'img2'], elements: [{ number: 'message0', value: 'Veja {{firstName}}' }, { number: 'interval1', value: '1' }, { number: 'img2', value: 'catalogo.png', original: 'catalogo.png' }] } },
    { id: 'doc', type: 'document', data: { url: 'tabela.pdf' } },
    // 'Enviar como audio gravado na hora': on, a voice note; off, the same Ogg file as an audio file.
    { id: 'voz', type: 'audio', data: { url: 'recado.ogg', record: true } },
    { id: 'som', type: 'audio', data: { url: 'jingle.ogg', record: false } },
    { id: 'q', type: 'question', data: { label: 'Seu e-mail?', variable: 'email' } },
    { id: 'col', type: 'collect', data: { collect: 'empresa' } },
    { id: 'up', type: 'updateContact', data: { email: '{{email}}', bussinesName: '{{empresa}}' } },
    { id: 'tg', type: 'tag', data: { tag: tagForAll.id } },
    { id: 'bye', type: 'closeTicket', data: { label: '' } },
  ], ['start>sb', 'sb>doc', 'doc>voz', 'voz>som', 'som>q', 'q>col', 'col>up', 'up>tg', 'tg>bye']));
  await phrase(all, 'todos os nós');
  await setConnection(admin, wid, { queueIds: [geral.id], flowIdWelcome: welcome, flowIdNotPhrase: notPhrase });
}, 120_000);

describe('menus', () => {
  it('a welcome flow: the menu by number, option 1 hands the ticket to its queue and the flow ends', async () => {
    const c = customer();
    await c.say('Oi');
    expect(await c.next(2)).toEqual(['Olá Ana! Bem-vindo.', MENU]);
    const t = await ticketOf(c);
    expect(t.flowState).toMatchObject({ flowId: welcome, version: 1, nodeId: 'menu', nodeType: 'menu', waiting: 'menu' });
    const view = await admin.call('GET', `/tickets/${t.id}`);
    expect(view.body.flow).toMatchObject({ flowId: welcome, flowName: 'Boas-vindas', nodeId: 'menu', nodeType: 'menu', waiting: 'menu' });
    await c.say('opção 1');
    await c.nothing();
    const after = await ticketOf(c);
    expect(after).toMatchObject({ queueId: vendas.id, status: 'pending', userId: null });
    expect(after.flowState).toBeUndefined();
    expect((await admin.call('GET', `/tickets/${t.id}`)).body.flow).toBeNull();
  });

  it('by title (accents and case aside); three invalid answers hand the ticket to a person in the connection queue', async () => {
    const c = customer('Bruno Lima');
    await c.say('Bom dia');
    expect(await c.next(2)).toEqual(['Olá Bruno! Bem-vindo.', MENU]);
    await c.say('quero falar com alguém');
    expect(await c.next(1)).toEqual([`${FLOW_TEXTS.invalidOption}\n\n${MENU}`]);
    await c.say('9');
    expect(await c.next(1)).toEqual([`${FLOW_TEXTS.invalidOption}\n\n${MENU}`]);
    await c.say('SUPORTE TECNICO');
    expect(await c.next(1)).toEqual(['Qual é a sua idade?']);
    const d = customer('Carla Dias');
    await d.say('Oi');
    await d.next(2);
    for (const wrong of ['x', 'y']) {
      await d.say(wrong);
      await d.next(1);
    }
    await d.say('z');
    await d.nothing();
    const t = await ticketOf(d);
    expect(t).toMatchObject({ status: 'pending', queueId: geral.id, userId: null, isBot: false });
    expect(t.flowState).toBeUndefined();
  });
});

describe('question, condition, http', () => {
  it('question → condition on the answer (≥ 18 true, else false)', async () => {
    for (const [age, text] of [['21', 'Maior de idade: 21'], ['15', 'Menor de idade: 15']] as const) {
      const c = customer();
      await c.say('Oi');
      await c.next(2);
      await c.say('2');
      expect(await c.next(1)).toEqual(['Qual é a sua idade?']);
      await c.say(age);
      expect(await c.next(1)).toEqual([text]);
      expect((await ticketOf(c)).flowState).toBeUndefined();
    }
  });

  it('http node against the web service: variables in URL, header, query and body; fields saved and used in the next message', async () => {
    const c = customer();
    await c.say('Oi');
    await c.next(2);
    await c.say('3');
    expect(await c.next(1)).toEqual(['Qual o seu CPF?']);
    await c.say('12345');
    expect(await c.next(1)).toEqual(['Cliente 12345, seu plano é Ouro (segredo-12345).']);
  });

  it('http node error path: a 500 follows error', async () => {
    const c = customer();
    await c.say('Testar falha');
    expect(await c.next(1)).toEqual(['Serviço indisponível']);
  });

  it.each(['metadados', 'redirecionar', 'interno', 'local'])('SSRF through the http node refused (%s): the error edge, nothing leaks', async (word) => {
    const c = customer();
    await c.say(word);
    expect(await c.next(1, 800)).toEqual(['bloqueado']);
  });
});

describe('interval, duplicates, versions', () => {
  it('an interval really waits (a delayed wake), through a phrase trigger that beats the welcome flow', async () => {
    const c = customer();
    await c.say('Quero a PROMOCAO de hoje');
    expect(await c.next(1, 300)).toEqual(['Um momento...']);
    const waitedFrom = Date.now();
    expect((await ticketOf(c)).flowState).toMatchObject({ waiting: 'interval', nodeId: 'i' });
    // A message meanwhile is the flow's (nothing answers it) and does not cut the wait short.
    await c.say('oi?');
    await c.nothing(800);
    expect(await c.next(1, 500)).toEqual(['Aqui está a promoção!']);
    expect(Date.now() - waitedFrom).toBeGreaterThanOrEqual(1800);
  });

  it('a duplicate delivery of the same message never runs a node twice', async () => {
    const c = customer();
    await c.say('Oi');
    await c.next(2);
    const id = await c.say('2');
    await c.say('2', { id });
    expect(await c.next(1, 2000)).toEqual(['Qual é a sua idade?']);
    const t = await ticketOf(c);
    expect(t.flowState).toMatchObject({ nodeId: 'idade', waiting: 'answer' });
    const seq = t.flowState!.seq;
    await c.say('30', { id: `${c.ids[0]}-idade` });
    await c.say('30', { id: `${c.ids[0]}-idade` });
    expect(await c.next(1, 2000)).toEqual(['Maior de idade: 30']);
    expect(seq).toBeGreaterThan(0);
  });

  it('a flow edited mid-run: the running ticket finishes on its version, a new one starts on the new', async () => {
    const a = customer('Davi Rocha');
    await a.say('versão');
    expect(await a.next(1, 300)).toEqual(['v1: qual o seu nome?']);
    await saveFlowVersion(companyId, versioned, 1, versionedGraph('v2'), new Date().toISOString());
    await a.say('Davi');
    expect(await a.next(1, 300)).toEqual(['v1: obrigado, Davi']);
    const b = customer();
    await b.say('versão');
    expect(await b.next(1, 300)).toEqual(['v2: qual o seu nome?']);
  });
});

describe('triggers and the agent', () => {
  it('welcome for a first contact, "no phrase" for a returning one, the phrase before both', async () => {
    const c = customer('Elisa Maria');
    await c.say('Oi');
    expect(await c.next(2)).toEqual(['Olá Elisa! Bem-vindo.', MENU]);
    const first = await ticketOf(c);
    expect((await admin.call('PUT', `/tickets/${first.id}`, { body: { status: 'closed', justClose: true } })).status).toBe(200);
    expect((await getTicket(companyId, first.id))!.flowState).toBeUndefined();
    await c.say('Oi de novo');
    expect(await c.next(1)).toEqual(['Que bom te ver de novo, Elisa!']);
    const second = await ticketOf(c);
    expect(second.id).not.toBe(first.id);
  });

  it('the agent sees the flow and stops it; then nothing of the flow answers', async () => {
    const c = customer();
    await c.say('quero esperar');
    expect(await c.next(1, 300)).toEqual(['Pode esperar um pouco?']);
    const t = await ticketOf(c);
    expect((await admin.call('GET', `/tickets/${t.id}`)).body.flow).toMatchObject({ nodeId: 'q', nodeType: 'question', waiting: 'answer', flowName: 'Espera' });
    const stopped = await admin.call('DELETE', `/tickets/${t.id}/flow`);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.flow).toBeNull();
    expect((await admin.call('DELETE', `/tickets/${t.id}/flow`)).body.error).toBe('ERR_TICKET_NOT_IN_FLOW');
    await c.say('sim');
    await c.nothing(1000);
  });

  it('a flow that loops without waiting stops after 100 steps, and the admin sees why on the flow list', async () => {
    const c = customer();
    await c.say('girar');
    await until('the flow stopped with its error', async () => {
      const list = (await admin.call('GET', '/flowbuilder')).body.flows as { id: number; lastError?: string }[];
      return list.find((f) => f.id === loop)?.lastError;
    }, 15_000);
    expect((await ticketOf(c)).flowState).toBeUndefined();
  });

  it('content (typing, then the text), media, collect, update contact, tag and close: every remaining node type on the sandbox', async () => {
    const c = customer('Bia Lima');
    const said = Date.now();
    await c.say('Todos os nós');
    const got = await c.next(6, 0);
    // The text card's "typing…" moment (a 1 s wake before its text) and the interval card (1 s) both really waited.
    expect(Date.now() - said).toBeGreaterThanOrEqual(1900);
    expect(got).toEqual(['Veja Bia', '[file catalogo.png]', '[file tabela.pdf]', '[voice recado.ogg]', '[file jingle.ogg]', 'Seu e-mail?']);
    await c.say('bia@example.com');
    await c.nothing(800); // collect waits without a text
    await c.say('Lima & Cia');
    const t = await until('closed by the flow', async () => {
      const x = await ticketOf(c);
      return x.status === 'closed' ? x : undefined;
    }, 15_000);
    expect(t.flowState).toBeUndefined();
    expect(t.tagIds).toContain(tagForAll.id);
    const contact = (await admin.call('GET', `/contacts/${t.contactId}`)).body;
    expect(contact).toMatchObject({ email: 'bia@example.com', empresa: 'Lima & Cia' });
    await c.nothing(800); // closed without a farewell
  });

  it('a ticket the queue menu puts in a queue that names a flow starts that flow ({{queue}} is its name)', async () => {
    const f = await seedFlow('Fila com fluxo', graph([{ id: 'm', type: 'message', data: { label: 'Bem-vindo à fila {{ Queue }}' } }, { id: 'q', type: 'question', data: { label: 'Qual o número do boleto?', variable: 'boleto' } }], ['start>m', 'm>q']));
    const financeiro = await makeQueue(admin, { name: 'Financeiro', greetingMessage: '', flowId: f });
    expect((await admin.call('GET', `/queue/${financeiro.id}`)).body.flowId).toBe(f);
    // No flow of the connection: the queue menu runs, and the customer's choice puts the ticket in the queue.
    await setConnection(admin, wid, { queueIds: [geral.id, financeiro.id], greetingMessage: 'Escolha uma fila:', flowIdWelcome: null, flowIdNotPhrase: null });
    try {
      const c = customer();
      await c.say('Bom dia');
      const [menu] = await c.next(1);
      const option = /(\d+)\D+Financeiro/.exec(menu!)?.[1];
      expect(option, menu).toBeDefined();
      await c.say(option!);
      expect(await c.next(2)).toEqual(['Bem-vindo à fila Financeiro', 'Qual o número do boleto?']);
      expect((await ticketOf(c)).flowState).toMatchObject({ flowId: f, nodeId: 'q', waiting: 'answer' });
    } finally {
      await setConnection(admin, wid, { queueIds: [geral.id], flowIdWelcome: welcome, flowIdNotPhrase: notPhrase });
    }
  });

  it('"sair" ends the flow', async () => {
    const c = customer();
    await c.say('quero esperar');
    await c.next(1, 300);
    await c.say('Sair');
    await c.nothing(800);
    expect((await ticketOf(c)).flowState).toBeUndefined();
  });

  it('an agent accepting the ticket ends its flow', async () => {
    const c = customer();
    await c.say('quero esperar');
    await c.next(1, 300);
    const t = await ticketOf(c);
    const me = await admin.call('GET', '/auth/me');
    expect((await admin.call('PUT', `/tickets/${t.id}`, { body: { status: 'open', userId: me.body.id ?? me.body.user?.id } })).status).toBe(200);
    expect((await getTicket(companyId, t.id))!.flowState).toBeUndefined();
  });

  it('connections and queues name only the company\'s flows', async () => {
    expect((await admin.call('PUT', `/whatsapp/${wid}`, { body: { flowIdWelcome: 999_999 } })).body.error).toBe('ERR_NO_FLOW_FOUND');
    expect((await admin.call('PUT', `/queue/${vendas.id}`, { body: { flowId: 999_999 } })).body.error).toBe('ERR_NO_FLOW_FOUND');
    const other = await botCompany();
    expect((await other.admin.call('PUT', `/whatsapp/${other.wid}`, { body: { flowIdWelcome: welcome } })).body.error).toBe('ERR_NO_FLOW_FOUND');
    expect((await admin.call('GET', `/whatsapp/${wid}`)).body).toMatchObject({ flowIdWelcome: welcome });
  });

  it('the editor\'s Testar: the web service answers its fields; a private address is refused; variables stay literal', async () => {
    const ok = await admin.call('POST', '/httpRequestTest', { body: { url: `${api()}/clientes/{{cpf}}`, method: 'GET' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 200, ok: true, fields: { cpf: '{{cpf}}', nome: 'Cliente {{cpf}}', plano: { nome: 'Ouro' } } });
    const failed = await admin.call('POST', '/httpRequestTest', { body: { url: `${api()}/falha`, method: 'get' } });
    expect(failed.body).toMatchObject({ status: 500, ok: false, fields: { erro: 'indisponível' } });
    for (const url of ['http://169.254.169.254/latest/meta-data/', `${api()}/privado`, 'http://[::1]/', 'http://127.0.0.1:22/']) {
      const res = await admin.call('POST', '/httpRequestTest', { body: { url, method: 'get' } });
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toBe('ERR_FLOW_HTTP_BLOCKED');
    }
  });
});


