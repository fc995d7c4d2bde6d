/**
 * The flow builder's API (issue 23 "Flows API", spec 3 "Flow manager list", "Flow editor", §3, §5,
 * §7 "Flows"): CRUD and the name rules, the copy, versions (a stale save refused), the export file
 * and its byte-for-byte round trip, a Whaticket export imported, 20 malformed documents refused
 * with their messages and nothing saved, a 500-node flow with media, the flow files checked by
 * content, size and owner, phrase triggers, another company's ids, and the plan.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { getFlowGraph } from '../../functions/src/adapters/db/flows';
import { baseUrl, newCompany, PASSWORD, signedIn, unique, type Client } from '../support/api';
import { MP4_HEAD, TINY_PDF } from '../support/files';
import { TINY_PNG, uploadFile } from '../support/tenants';

type Res = Awaited<ReturnType<Client['call']>> & { body: any };
const issues = (res: Res) => (res.body.issues as { path: string; message: string }[] | undefined)?.map((i) => `${i.path}: ${i.message}`) ?? [];
const OGG = Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(200)]);

const START = { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } };
const message = (id: string, label: string, x = 500) => ({ id, type: 'message', position: { x, y: 100 }, data: { label } });

let a: { admin: Client; companyId: number };
let b: { admin: Client; companyId: number };
let aSandbox: number;
let bSandbox: number;
/** Flow files of company A: an image, an audio, a video and a PDF. */
const files = { img: '', audio: '', video: '', document: '' };

async function ok(res: Promise<Res> | Res, status = 200): Promise<any> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
}

const createFlow = async (admin: Client, name: string) => ok(admin.call('POST', '/flowbuilder', { body: { name } }), 201);
const media = (key: string, filename: string, mimetype: string) => ({ medias: [{ key, filename, mimetype }] });

/** The export file's text as downloaded (the bytes, not a parse of them). */
async function exportText(admin: Client, id: number): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/flowbuilder/exportFlow/${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status).toBe(200);
  return res.text();
}

async function storeFile(admin: Client, path: string, name: string, type: string, bytes: Buffer): Promise<string> {
  const key = await uploadFile(admin, name, type, bytes);
  return (await ok(admin.call('POST', `/flowbuilder/${path}`, { body: media(key, name, type) }))).name;
}

beforeAll(async () => {
  [a, b] = await Promise.all([newCompany(), newCompany()]);
  aSandbox = (await ok(a.admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Fluxos', channel: 'sandbox' } }), 201)).id;
  bSandbox = (await ok(b.admin.call('POST', '/whatsapp', { body: { name: 'Sandbox B', channel: 'sandbox' } }), 201)).id;
  files.img = await storeFile(a.admin, 'img', 'foto.png', 'image/png', TINY_PNG);
  files.audio = await storeFile(a.admin, 'audio', 'som.ogg', 'audio/ogg', OGG);
  files.video = await storeFile(a.admin, 'audio', 'video.mp4', 'video/mp4', MP4_HEAD);
  files.document = await storeFile(a.admin, 'documents', 'termos.pdf', 'application/pdf', TINY_PDF);
});

describe('flows: list, create, rename, delete', () => {
  it('creates a never-saved flow, lists it, searches it, renames it and deletes it', async () => {
    const f = await createFlow(a.admin, 'Atendimento Ônibus');
    expect(f).toMatchObject({ name: 'Atendimento Ônibus', active: true, version: 0 });
    expect(await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`))).toEqual({ flow: { id: f.id, name: 'Atendimento Ônibus', version: 0, flow: null } });

    const list = await ok(a.admin.call('GET', '/flowbuilder'));
    expect(list.hasMore).toBe(false);
    expect(list.count).toBe(list.flows.length);
    expect(list.flows[0]).toEqual(f);
    const found = await ok(a.admin.call('GET', '/flowbuilder?searchParam=onibus'));
    expect(found.flows.map((x: { id: number }) => x.id)).toEqual([f.id]);
    expect(found.count).toBe(1);
    expect((await ok(a.admin.call('GET', '/flowbuilder?searchParam=nada-disso'))).flows).toEqual([]);

    const renamed = await ok(a.admin.call('PUT', '/flowbuilder', { body: { flowId: f.id, name: '  Vendas  ' } }));
    expect(renamed).toMatchObject({ id: f.id, name: 'Vendas', version: 0 });

    expect((await a.admin.call('DELETE', `/flowbuilder/${f.id}`)).status).toBe(204);
    for (const [method, path, body] of [['GET', `/flowbuilder/flow/${f.id}`], ['DELETE', `/flowbuilder/${f.id}`], ['PUT', '/flowbuilder', { flowId: f.id, name: 'Outro' }]] as const) {
      const res = await a.admin.call(method, path, { body });
      expect([res.status, res.body.error]).toEqual([404, 'ERR_NO_FLOW_FOUND']);
    }
    expect((await ok(a.admin.call('GET', '/flowbuilder'))).flows.map((x: { id: number }) => x.id)).not.toContain(f.id);
  });

  it('holds names to spec 3 §5: required, 2 to 50', async () => {
    const f = await createFlow(a.admin, 'Nome Certo');
    for (const [name, text] of [['', 'Digite um nome!'], ['   ', 'Digite um nome!'], ['a', 'Muito curto!'], ['x'.repeat(51), 'Muito longo!']] as const) {
      const made = await a.admin.call('POST', '/flowbuilder', { body: { name } });
      expect([made.status, made.body.error, issues(made)]).toEqual([400, 'ERR_VALIDATION', [`body.name: ${text}`]]);
      const renamed = await a.admin.call('PUT', '/flowbuilder', { body: { flowId: f.id, name } });
      expect(issues(renamed)).toEqual([`body.name: ${text}`]);
    }
    expect(issues(await a.admin.call('POST', '/flowbuilder', { body: {} }))).toEqual(['body.name: Digite um nome!']);
    expect((await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`))).flow.name).toBe('Nome Certo');
  });
});

describe('flows: saving, versions, copies', () => {
  it('saves each document as a new version; a save from a stale editor is refused and loses nothing', async () => {
    const f = await createFlow(a.admin, 'Versões');
    const v1 = { nodes: [START, message('m1', 'Primeira')], connections: [{ source: '1', target: 'm1' }] };
    const saved = await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, version: 0, ...v1 } }));
    expect(saved.flow).toEqual({ id: f.id, name: 'Versões', version: 1, flow: v1 });
    const v2 = { nodes: [START, message('m1', 'Segunda')], connections: [{ source: '1', target: 'm1' }] };
    expect((await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, version: 1, ...v2 } }))).flow.version).toBe(2);

    // A second tab that loaded version 1 saves after the first: refused, version 2 kept.
    const stale = await a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, version: 1, nodes: [START], connections: [] } });
    expect([stale.status, stale.body.error]).toEqual([409, 'ERR_FLOW_VERSION_CONFLICT']);
    expect((await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`))).flow).toEqual({ id: f.id, name: 'Versões', version: 2, flow: v2 });
    // Without a version the save goes on the current one.
    expect((await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, ...v1 } }))).flow.version).toBe(3);
    // Earlier versions stay as they were (tickets inside the flow finish on theirs).
    expect(await getFlowGraph(a.companyId, f.id, 1)).toEqual(v1);
    expect(await getFlowGraph(a.companyId, f.id, 2)).toEqual(v2);
    expect((await ok(a.admin.call('GET', '/flowbuilder'))).flows.find((x: { id: number }) => x.id === f.id).version).toBe(3);

    // Two tabs on version 3 save at once: one wins, and version 4 is the winner's graph whole.
    const tabs = [v1, v2].map((g) => a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, version: 3, ...g } }));
    const [r1, r2] = await Promise.all(tabs);
    expect([r1!.status, r2!.status].sort()).toEqual([200, 409]);
    const winner = r1!.status === 200 ? v1 : v2;
    expect((await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`))).flow).toMatchObject({ version: 4, flow: winner });
    expect(await getFlowGraph(a.companyId, f.id, 4)).toEqual(winner);
  });

  it("copies a flow as '<name> - cópia' with its current graph as version 1", async () => {
    const f = await createFlow(a.admin, 'Original');
    const g = { nodes: [START, message('m1', 'Olá')], connections: [{ source: '1', target: 'm1' }] };
    await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, ...g } }));
    await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, ...g } }));
    const copy = await ok(a.admin.call('POST', '/flowbuilder/duplicate', { body: { flowId: f.id } }), 201);
    expect(copy).toMatchObject({ name: 'Original - cópia', version: 1 });
    expect(copy.id).not.toBe(f.id);
    expect((await ok(a.admin.call('GET', `/flowbuilder/flow/${copy.id}`))).flow.flow).toEqual(g);

    const blank = await createFlow(a.admin, 'x'.repeat(50));
    const blankCopy = await ok(a.admin.call('POST', '/flowbuilder/duplicate', { body: { flowId: blank.id } }), 201);
    expect(blankCopy).toMatchObject({ name: `${'x'.repeat(42)} - cópia`, version: 0 });
  });
});

describe('flows: export and import', () => {
  it('exports a JSON file named after the flow; export → import → export gives the same bytes', async () => {
    const f = await createFlow(a.admin, 'Exportação');
    const g = {
      nodes: [START, message('m1', 'Olá "{{name}}" ✓'), { id: 'q1', type: 'question', position: { x: 800, y: 100 }, data: { label: 'Seu e-mail?', variable: 'email' } }, { id: 'i1', type: 'img', position: { x: 1100, y: 100 }, data: { url: files.img } }],
      connections: [{ source: '1', target: 'm1', animated: true }, { source: 'm1', target: 'q1' }, { source: 'q1', target: 'i1' }],
    };
    await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, ...g } }));
    const first = await a.admin.call('GET', `/flowbuilder/exportFlow/${f.id}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('content-disposition')).toBe(`attachment; filename="Exportacao.json"; filename*=UTF-8''Exporta%C3%A7%C3%A3o.json`);
    const text = await exportText(a.admin, f.id);
    expect(JSON.parse(text)).toEqual({ name: 'Exportação', flow: g });

    const imported = await ok(a.admin.call('PUT', `/flowbuilder/importFlow/${f.id}`, { body: { jsonFlow: text } }));
    expect(imported.flow).toEqual({ id: f.id, name: 'Exportação', version: 2, flow: g });
    expect(await exportText(a.admin, f.id)).toBe(text);
  });

  it("imports a Whaticket flow builder export (the canvas's extra properties dropped)", async () => {
    const f = await createFlow(a.admin, 'Whaticket');
    const node = (id: string, type: string, data: object, x: number) => ({ id, type, data, position: { x, y: 100 }, width: 180, height: 94, selected: false, positionAbsolute: { x, y: 100 }, dragging: false });
    const edge = (source: string, target: string, sourceHandle: string | null = null) => ({ source, sourceHandle, target, targetHandle: null, animated: true, style: { stroke: 'red', strokeWidth: '2px' }, id: `reactflow__edge-${source}${sourceHandle ?? ''}-${target}` });
    const file = {
      name: 'Fluxo do Whaticket',
      flow: {
        nodes: [
          node('1', 'start', { label: 'Inicio do fluxo' }, 100),
          node('menu1', 'menu', { message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte' }] }, 400),
          node('cond1', 'condition', { key: 'email', condition: 6, value: '' }, 700),
          node('rand1', 'randomizer', { percent: 30 }, 700),
          node('http1', 'httpRequest', { url: 'https://api.example.com/x', method: 'POST', body: '{}', headers: [], params: [] }, 1000),
          node('fim', 'closeTicket', { label: 'Tchau' }, 1300),
          node('msg', 'message', { label: 'Oi' }, 1300),
        ],
        connections: [edge('1', 'menu1'), edge('menu1', 'cond1', 'a1'), edge('menu1', 'rand1', 'a2'), edge('cond1', 'http1', 'true'), edge('cond1', 'fim', 'false'), edge('rand1', 'msg', 'a'), edge('rand1', 'fim', 'b'), edge('http1', 'msg', 'success'), edge('http1', 'fim', 'error')],
      },
    };
    const imported = await ok(a.admin.call('PUT', `/flowbuilder/importFlow/${f.id}`, { body: { jsonFlow: JSON.stringify(file) } }));
    expect(imported.flow.name).toBe('Whaticket');
    const nodes = imported.flow.flow.nodes as Record<string, unknown>[];
    expect(nodes.map((n) => n.id)).toEqual(['1', 'menu1', 'cond1', 'rand1', 'http1', 'fim', 'msg']);
    expect(nodes[0]).toEqual({ id: '1', type: 'start', position: { x: 100, y: 100 }, width: 180, height: 94, data: { label: 'Inicio do fluxo' } });
    expect(nodes.every((n) => !('selected' in n) && !('dragging' in n) && !('positionAbsolute' in n))).toBe(true);
    expect(nodes[4]!.data).toMatchObject({ method: 'post', saveFields: [] });
    expect(imported.flow.flow.connections[1]).toEqual({ id: 'reactflow__edge-menu1a1-cond1', source: 'menu1', sourceHandle: 'a1', target: 'cond1', targetHandle: null, animated: true, style: { stroke: 'red', strokeWidth: '2px' } });
    expect((await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`))).flow).toEqual(imported.flow);
  });

  it('refuses 20 malformed documents, each with its message, and saves nothing', async () => {
    const f = await createFlow(a.admin, 'Importações Ruins');
    const good = { nodes: [START, message('m1', 'Bom')], connections: [{ source: '1', target: 'm1' }] };
    await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, ...good } }));
    const before = await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`));
    const b1 = await storeFile(b.admin, 'img', 'b.png', 'image/png', TINY_PNG);
    const doc = (nodes: unknown[], connections: unknown[] = []) => JSON.stringify({ name: 'Ruim', flow: { nodes, connections } });
    const with1 = (n: object) => doc([START, n], [{ source: '1', target: (n as { id: string }).id }]);
    const cases: [string, string, string | RegExp][] = [
      ['{"nodes": [', 'ERR_FLOW_FILE_NOT_JSON', ''],
      ['[1, 2, 3]', 'ERR_FLOW_FILE_NOT_JSON', ''],
      [doc([message('m1', 'sem início')]), 'ERR_FLOW_INVALID', 'flow.nodes: O fluxo precisa de um nó de início'],
      [doc([START, { ...START, id: '2' }]), 'ERR_FLOW_INVALID', 'flow.nodes: O fluxo só pode ter um nó de início'],
      [doc([START, { id: 'x', type: 'teleport', position: { x: 0, y: 0 }, data: {} }]), 'ERR_FLOW_INVALID', /^flow\.nodes\.1\.type: /],
      [doc([START, message('m1', 'a'), message('m1', 'b')]), 'ERR_FLOW_INVALID', 'flow.nodes.2.id: id de nó repetido: m1'],
      [doc([START], [{ source: '1', target: 'zz' }]), 'ERR_FLOW_INVALID', 'flow.connections.0.target: conexão para um nó que não existe: zz'],
      [doc([START], [{ source: 'zz', target: '1' }]), 'ERR_FLOW_INVALID', 'flow.connections.0.source: conexão de um nó que não existe: zz'],
      [doc([START, { id: 'mn', type: 'menu', position: { x: 0, y: 0 }, data: { message: 'Escolha', arrayOption: [{ number: 1, value: 'Um' }] } }, message('m1', 'x')], [{ source: 'mn', sourceHandle: 'a9', target: 'm1' }]), 'ERR_FLOW_INVALID', 'flow.connections.0.sourceHandle: saída "a9" não existe no nó mn (menu)'],
      [doc([START, { id: 'c', type: 'condition', position: { x: 0, y: 0 }, data: { key: 'k', condition: 1, value: 'v' } }], [{ source: 'c', sourceHandle: 'talvez', target: '1' }]), 'ERR_FLOW_INVALID', 'flow.connections.0.sourceHandle: saída "talvez" não existe no nó c (condition)'],
      [with1({ id: 'r', type: 'randomizer', position: { x: 0, y: 0 }, data: { percent: 35 } }), 'ERR_FLOW_INVALID', /^flow\.nodes\.1\.data\.percent: /],
      [with1({ id: 'i', type: 'interval', position: { x: 0, y: 0 }, data: { sec: 121 } }), 'ERR_FLOW_INVALID', /^flow\.nodes\.1\.data\.sec: /],
      [with1({ id: 'mn', type: 'menu', position: { x: 0, y: 0 }, data: { message: 'Escolha', arrayOption: [] } }), 'ERR_FLOW_INVALID', /^flow\.nodes\.1\.data\.arrayOption: /],
      [with1({ id: 'q', type: 'question', position: { x: 0, y: 0 }, data: { label: 'Nome?', variable: 'meu nome!' } }), 'ERR_FLOW_INVALID', 'flow.nodes.1.data.variable: Nome de variável inválido'],
      [with1({ id: 'c', type: 'condition', position: { x: 0, y: 0 }, data: { key: 'k', condition: 7, value: '' } }), 'ERR_FLOW_INVALID', /^flow\.nodes\.1\.data\.condition: /],
      [with1({ id: 'h', type: 'httpRequest', position: { x: 0, y: 0 }, data: { url: 'https://x.test', method: 'patch' } }), 'ERR_FLOW_INVALID', /^flow\.nodes\.1\.data\.method: /],
      [with1({ id: 'a b', type: 'message', position: { x: 0, y: 0 }, data: { label: 'x' } }), 'ERR_FLOW_INVALID', 'flow.nodes.1.id: id de nó inválido'],
      [with1({ id: 'img', type: 'img', position: { x: 0, y: 0 }, data: { url: `../../${b.companyId}/flows/${b1}` } }), 'ERR_FLOW_INVALID', 'flow.nodes.1.data.url: Arquivo inválido'],
      [with1({ id: 'img', type: 'img', position: { x: 0, y: 0 }, data: { url: b1 } }), 'ERR_FLOW_INVALID', `flow.nodes.1.data.url: Arquivo não encontrado: ${b1}`],
      [with1({ id: 'vid', type: 'video', position: { x: 0, y: 0 }, data: { url: files.document } }), 'ERR_FLOW_INVALID', `flow.nodes.1.data.url: Arquivo de outro tipo: ${files.document}`],
      [JSON.stringify({ name: 'Ruim', flow: { nodes: {}, connections: [] } }), 'ERR_FLOW_INVALID', /^flow\.nodes: /],
    ];
    expect(cases.length).toBeGreaterThanOrEqual(20);
    for (const [jsonFlow, code, text] of cases) {
      const res = await a.admin.call('PUT', `/flowbuilder/importFlow/${f.id}`, { body: { jsonFlow } });
      expect([res.status, res.body.error], jsonFlow).toEqual([400, code]);
      if (typeof text === 'string' && text) expect(issues(res), jsonFlow).toContain(text);
      if (text instanceof RegExp) expect(issues(res).some((i) => text.test(i)), `${jsonFlow} → ${issues(res).join(' | ')}`).toBe(true);
    }
    // The editor's save is held to the same schema.
    const saved = await a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, nodes: [message('m1', 'x')], connections: [] } });
    expect([saved.status, saved.body.error, issues(saved)]).toEqual([400, 'ERR_FLOW_INVALID', ['nodes: O fluxo precisa de um nó de início']]);
    expect(await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`))).toEqual(before);
    expect(before.flow.version).toBe(1);
  });
});

describe('flows: a large flow with media', () => {
  it('saves and loads a flow of 500 nodes naming its images, audio, video and PDFs', async () => {
    const f = await createFlow(a.admin, 'Fluxo Grande');
    const id = (i: number) => `n${String(i).padStart(4, '0')}${'abcdefghijklmnopqrstuvwxy'}`; // 30 characters, like the editor's
    const kinds = [
      (i: number) => ({ type: 'message', data: { label: `Mensagem ${i}: olá {{name}}, tudo bem? Escolha uma opção abaixo para continuar o atendimento.` } }),
      () => ({ type: 'img', data: { url: files.img } }),
      () => ({ type: 'audio', data: { url: files.audio, record: true } }),
      () => ({ type: 'video', data: { url: files.video } }),
      () => ({ type: 'document', data: { url: files.document } }),
      () => ({
        type: 'singleBlock',
        data: { seq: ['message0', 'img0', 'interval0', 'audio0', 'document0'], elements: [{ number: 'message0', value: 'Veja:' }, { number: 'img0', value: files.img }, { number: 'interval0', value: '2' }, { number: 'audio0', value: files.audio, record: false }, { number: 'document0', value: files.document, original: 'termos.pdf' }] },
      }),
    ];
    const nodes = [{ ...START, id: id(0) }, ...Array.from({ length: 499 }, (_, k) => ({ id: id(k + 1), position: { x: 300 * (k + 1), y: 100 + (k % 5) * 150 }, ...kinds[k % kinds.length]!(k + 1) }))];
    const connections = nodes.slice(1).map((n, k) => ({ id: `reactflow__edge-${nodes[k]!.id}-${n.id}`, source: nodes[k]!.id, target: n.id, animated: true, style: { stroke: 'red', strokeWidth: 2 } }));
    const body = { idFlow: f.id, nodes, connections };
    expect(JSON.stringify(body).length).toBeGreaterThan(200_000);
    const saved = await ok(a.admin.call('POST', '/flowbuilder/flow', { body }));
    expect(saved.flow.version).toBe(1);
    const loaded = await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`));
    expect(loaded.flow.flow.nodes).toHaveLength(500);
    expect(loaded.flow.flow).toEqual({ nodes: saved.flow.flow.nodes, connections });
    expect(loaded.flow.flow.nodes.find((n: { type: string }) => n.type === 'singleBlock').data.elements[1].value).toBe(files.img);
    // And round-trips through its file.
    const text = await exportText(a.admin, f.id);
    await ok(a.admin.call('PUT', `/flowbuilder/importFlow/${f.id}`, { body: { jsonFlow: text } }));
    expect(await exportText(a.admin, f.id)).toBe(text);
  });
  it('stores a document that compresses poorly in several chunks (DynamoDB items are at most 400 KB)', async () => {
    const f = await createFlow(a.admin, 'Fluxo Aleatório');
    const texts = Array.from({ length: 190 }, (_, i) => message(`m${i}`, randomBytes(2000).toString('hex'), 300 * (i + 1)));
    const g = { nodes: [START, ...texts], connections: texts.map((n, i) => ({ source: i ? `m${i - 1}` : '1', target: n.id })) };
    expect((await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, ...g } }))).flow.version).toBe(1);
    expect(await getFlowGraph(a.companyId, f.id, 1)).toEqual(g);
    expect((await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`))).flow.flow).toEqual(g);
    const chunks = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `C#${a.companyId}#FLOW#${f.id}` } }));
    expect(chunks.Items!.length).toBeGreaterThan(1);
  });
});

describe('flow files', () => {
  it('stores an upload as a flow file of the company, readable by a short-lived link', async () => {
    expect(files.img).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(files.audio).toMatch(/\.ogg$/);
    expect(files.video).toMatch(/\.mp4$/);
    expect(files.document).toMatch(/\.pdf$/);
    const { url } = await ok(a.admin.call('GET', `/flowbuilder/file?name=${files.img}`));
    expect(url).toContain(`companies/${a.companyId}/flows/${files.img}`);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(TINY_PNG)).toBe(true);
    // Another company's file, or a path, is not the caller's.
    const foreign = await b.admin.call('GET', `/flowbuilder/file?name=${files.img}`);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'ERR_FLOW_FILE_NOT_FOUND']);
    expect((await a.admin.call('GET', `/flowbuilder/file?name=${encodeURIComponent(`../${b.companyId}/flows/x.png`)}`)).status).toBe(400);
  });

  it('takes the single block\'s several files at once and answers their names in order', async () => {
    const [png, pdf] = await Promise.all([uploadFile(a.admin, 'a.png', 'image/png', TINY_PNG), uploadFile(a.admin, 'b.pdf', 'application/pdf', TINY_PDF)]);
    const names = await ok(a.admin.call('POST', '/flowbuilder/content', { body: { medias: [{ key: png, filename: 'a.png', mimetype: 'image/png' }, { key: pdf, filename: 'b.pdf', mimetype: 'application/pdf' }] } }));
    expect(names).toEqual([expect.stringMatching(/\.png$/), expect.stringMatching(/\.pdf$/)]);
    const two = await a.admin.call('POST', '/flowbuilder/img', { body: { medias: [{ key: png, filename: 'a.png', mimetype: 'image/png' }, { key: png, filename: 'a.png', mimetype: 'image/png' }] } });
    expect([two.status, two.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('checks type and size by content, not by name; refuses another company\'s upload', async () => {
    // (Each path's own size, audio 5 MB and video or PDF 20 MB, is held in the unit tests: the same check.)
    const [pdfAsPng, gif, pngAsPdf, bigPng] = await Promise.all([
      uploadFile(a.admin, 'foto.png', 'image/png', TINY_PDF),
      uploadFile(a.admin, 'anim.png', 'image/png', Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(100)])),
      uploadFile(a.admin, 'termos.pdf', 'application/pdf', TINY_PNG),
      uploadFile(a.admin, 'grande.png', 'image/png', Buffer.concat([TINY_PNG, randomBytes(2 * 1024 * 1024)])),
    ]);
    const cases: [string, string, string, number, string, object?][] = [
      ['img', pdfAsPng, 'image/png', 400, 'ERR_FLOW_FILE_TYPE'],
      ['img', gif, 'image/png', 400, 'ERR_FLOW_FILE_TYPE'],
      ['documents', pngAsPdf, 'application/pdf', 400, 'ERR_FLOW_FILE_TYPE'],
      ['audio', pdfAsPng, 'image/png', 400, 'ERR_FLOW_FILE_TYPE'],
      ['img', bigPng, 'image/png', 400, 'ERR_FLOW_FILE_TOO_LARGE', { maxMb: 2 }],
    ];
    for (const [path, key, type, status, code, details] of cases) {
      const res = await a.admin.call('POST', `/flowbuilder/${path}`, { body: media(key, 'x', type) });
      expect([res.status, res.body.error, res.body.details], `${path} ${key}`).toEqual([status, code, details]);
    }
    // An image is 2 MB in the single block too.
    expect((await a.admin.call('POST', '/flowbuilder/content', { body: media(bigPng, 'x', 'image/png') })).body.error).toBe('ERR_FLOW_FILE_TOO_LARGE');
    const foreignKey = await uploadFile(b.admin, 'b.png', 'image/png', TINY_PNG);
    const foreign = await a.admin.call('POST', '/flowbuilder/img', { body: media(foreignKey, 'b.png', 'image/png') });
    expect([foreign.status, foreign.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    const missing = await a.admin.call('POST', '/flowbuilder/img', { body: media(`companies/${a.companyId}/uploads/00000000-0000-0000-0000-000000000000/x.png`, 'x.png', 'image/png') });
    expect(missing.body.error).toBe('ERR_NO_MEDIA_FOUND');
  });
});

describe('flow triggers (/flowcampaign)', () => {
  it('creates, lists by connection, changes only what is sent, and deletes phrase triggers', async () => {
    const f = await createFlow(a.admin, 'Com gatilho');
    const other = (await ok(a.admin.call('POST', '/whatsapp', { body: { name: 'Outra conexão', channel: 'sandbox' } }), 201)).id;
    const t = await ok(a.admin.call('POST', '/flowcampaign', { body: { name: 'Promoção', flowId: f.id, phrase: 'quero a promoção', whatsappId: aSandbox } }), 201);
    expect(t).toMatchObject({ name: 'Promoção', flowId: f.id, phrase: 'quero a promoção', matchType: 'exact', whatsappId: aSandbox, status: true });
    const t2 = await ok(a.admin.call('POST', '/flowcampaign', { body: { name: 'Outro', flowId: f.id, phrase: 'oi', matchType: 'partial', whatsappId: other, status: false } }), 201);

    expect((await ok(a.admin.call('GET', `/flowcampaign?whatsappId=${aSandbox}`))).flowCampaigns.map((x: { id: number }) => x.id)).toEqual([t.id]);
    expect((await ok(a.admin.call('GET', '/flowcampaign'))).flowCampaigns.map((x: { id: number }) => x.id)).toEqual([t.id, t2.id]);

    const changed = await ok(a.admin.call('PUT', `/flowcampaign/${t2.id}`, { body: { name: 'Renomeado' } }));
    expect(changed).toMatchObject({ name: 'Renomeado', matchType: 'partial', status: false, phrase: 'oi' });
    expect(await ok(a.admin.call('GET', `/flowcampaign/${t2.id}`))).toEqual(changed);
    expect(issues(await a.admin.call('POST', '/flowcampaign', { body: { name: 'x', flowId: f.id, phrase: ' ', whatsappId: aSandbox } }))).toEqual(['body.name: Muito curto!', 'body.phrase: Obrigatório']);

    // The flow and connection must be the company's.
    const noFlow = await a.admin.call('PUT', `/flowcampaign/${t.id}`, { body: { flowId: 999_999 } });
    expect([noFlow.status, noFlow.body.error]).toEqual([404, 'ERR_NO_FLOW_FOUND']);
    const bFlow = await createFlow(b.admin, 'Fluxo B');
    expect((await b.admin.call('POST', '/flowcampaign', { body: { name: 'Roubo', flowId: f.id, phrase: 'x', whatsappId: bSandbox } })).body.error).toBe('ERR_NO_FLOW_FOUND');
    expect((await b.admin.call('POST', '/flowcampaign', { body: { name: 'Roubo', flowId: bFlow.id, phrase: 'x', whatsappId: other } })).body.error).toBe('ERR_NO_WAPP_FOUND');

    expect((await a.admin.call('DELETE', `/flowcampaign/${t.id}`)).status).toBe(204);
    expect((await a.admin.call('GET', `/flowcampaign/${t.id}`)).body.error).toBe('ERR_NO_FLOW_TRIGGER_FOUND');
    expect((await a.admin.call('PUT', `/flowcampaign/${t.id}`, { body: { name: 'Volta' } })).body.error).toBe('ERR_NO_FLOW_TRIGGER_FOUND');
    // Deleting the flow takes its triggers with it.
    expect((await a.admin.call('DELETE', `/flowbuilder/${f.id}`)).status).toBe(204);
    expect((await a.admin.call('GET', `/flowcampaign/${t2.id}`)).status).toBe(404);
  });
});

describe('flows: another company, the plan, the audit log', () => {
  it("answers 404 for another company's flow ids on every route", async () => {
    const f = await createFlow(a.admin, 'Só da A');
    await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, nodes: [START], connections: [] } }));
    const calls: [string, string, object?][] = [
      ['GET', `/flowbuilder/flow/${f.id}`],
      ['GET', `/flowbuilder/exportFlow/${f.id}`],
      ['PUT', '/flowbuilder', { flowId: f.id, name: 'Tomado' }],
      ['POST', '/flowbuilder/duplicate', { flowId: f.id }],
      ['POST', '/flowbuilder/flow', { idFlow: f.id, nodes: [START], connections: [] }],
      ['PUT', `/flowbuilder/importFlow/${f.id}`, { jsonFlow: JSON.stringify({ nodes: [START], connections: [] }) }],
      ['DELETE', `/flowbuilder/${f.id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await b.admin.call(method, path, { body });
      expect([res.status, res.body.error], `${method} ${path}`).toEqual([404, 'ERR_NO_FLOW_FOUND']);
    }
    expect((await ok(a.admin.call('GET', `/flowbuilder/flow/${f.id}`))).flow).toMatchObject({ name: 'Só da A', version: 1 });
    expect((await ok(b.admin.call('GET', '/flowbuilder'))).flows.map((x: { name: string }) => x.name)).not.toContain('Só da A');
  });

  it('turns away plans without the flow builder, and agents', async () => {
    const small = await newCompany('empresarial');
    for (const [method, path] of [['GET', '/flowbuilder'], ['POST', '/flowbuilder'], ['GET', '/flowcampaign']] as const) {
      const res = await small.admin.call(method, path, { body: method === 'POST' ? { name: 'Não pode' } : undefined });
      expect([res.status, res.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
    }
    const email = `${unique('agente')}@example.test`;
    await ok(a.admin.call('POST', '/users', { body: { name: 'Agente Fluxos', email, password: PASSWORD } }), 201);
    const agent = await signedIn(email);
    for (const path of ['/flowbuilder', '/flowcampaign']) expect((await agent.call('GET', path)).body.error).toBe('ERR_NO_PERMISSION');
  });

  it('records the changes in the audit log', async () => {
    const f = await createFlow(a.admin, 'Auditado');
    await ok(a.admin.call('PUT', '/flowbuilder', { body: { flowId: f.id, name: 'Auditado 2' } }));
    await ok(a.admin.call('POST', '/flowbuilder/flow', { body: { idFlow: f.id, nodes: [START], connections: [] } }));
    const entries = (await ok(a.admin.call('GET', '/audit?resource=flow'))).items.filter((e: { targetId: string }) => e.targetId === String(f.id));
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['flow.save', 'flow.update', 'flow.create']);
    expect(entries[1]).toMatchObject({ before: { name: 'Auditado' }, after: { name: 'Auditado 2' } });
  });
});
