import { describe, expect, it } from 'vitest';
import { FlowGraph, type FlowState } from '@conversa/shared/schemas/flows';
import { advance, atPath, conditionHolds, fill, FLOW_TEXTS, mergeVariables, pickOption, type Advance, type FlowAction, type FlowContext, type FlowEvent } from './runner';

type RawNode = { id: string; type: string; data?: Record<string, unknown> };
/** A graph through the shared schema (so the tests run what the platform stores); edges `from>to` or `from:handle>to`. */
function graph(nodes: RawNode[], edges: string[]) {
  const parsed = FlowGraph.safeParse({
    nodes: [{ id: 'start', type: 'start', data: {} }, ...nodes].map((n, i) => ({ position: { x: i * 10, y: 0 }, data: {}, ...n })),
    connections: edges.map((e) => {
      const [from, to] = e.split('>');
      const [source, sourceHandle] = from!.split(':');
      return { source, target: to, ...(sourceHandle ? { sourceHandle } : {}) };
    }),
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const ctx = (over: Partial<FlowContext> = {}): FlowContext => ({ messageVariables: { name: 'Ana Souza', firstname: 'Ana', protocol: '2024010142' }, ticketTags: [], random: () => 0.5, ...over });
const start: FlowEvent = { kind: 'start', trigger: 'welcome', flowId: 7, version: 3, at: '2024-01-01T00:00:00.000Z' };
const answer = (text: string, messageId = 'm1'): FlowEvent => ({ kind: 'answer', text, messageId });
const texts = (a: FlowAction[]) => a.filter((x) => x.type === 'text').map((x) => (x as { body: string }).body);

const menuNode = { id: 'menu', type: 'menu', data: { message: 'Escolha, {{firstName}}:', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte técnico' }, { number: 3, value: 'Sem saída' }] } };
const MENU = 'Escolha, Ana:\n\n*1* - Vendas\n*2* - Suporte técnico\n*3* - Sem saída';
const menuGraph = graph(
  [menuNode, { id: 'v', type: 'message', data: { label: 'Vendas aqui' } }, { id: 's', type: 'message', data: { label: 'Suporte aqui' } }],
  ['start>menu', 'menu:a2>s', 'menu:a1>v'],
);

describe('start and send-and-continue nodes', () => {
  it('follows edges, never the node order; a node without an outgoing edge ends the flow', () => {
    const g = graph(
      [{ id: 'b', type: 'message', data: { label: 'segunda' } }, { id: 'a', type: 'message', data: { label: 'primeira {{name}} {{protocol}} {{nada}}' } }],
      ['start>a', 'a>b'],
    );
    const r = advance(g, null, start, ctx());
    expect(r.actions).toEqual([{ type: 'text', body: 'primeira Ana Souza 2024010142 ' }, { type: 'text', body: 'segunda' }, { type: 'end', reason: 'done' }]);
    expect(r.state).toBeNull();
  });

  it('media nodes send the stored file with the record flag', () => {
    const g = graph(
      [{ id: 'i', type: 'img', data: { url: 'a.png' } }, { id: 'au', type: 'audio', data: { url: 'b.ogg', record: false } }, { id: 'v', type: 'video', data: { url: 'c.mp4' } }, { id: 'd', type: 'document', data: { url: 'd.pdf' } }],
      ['start>i', 'i>au', 'au>v', 'v>d'],
    );
    expect(advance(g, null, start, ctx()).actions.slice(0, 4)).toEqual([
      { type: 'media', kind: 'img', file: 'a.png', record: false },
      { type: 'media', kind: 'audio', file: 'b.ogg', record: false },
      { type: 'media', kind: 'video', file: 'c.mp4', record: false },
      { type: 'media', kind: 'document', file: 'd.pdf', record: false },
    ]);
  });

  it('updateContact fills variables and leaves empty fields alone; tag; queue ends unless continueFlow', () => {
    const g = graph(
      [
        { id: 'u', type: 'updateContact', data: { name: '{{nome}}', email: '', zipCode: ' ' } },
        { id: 't', type: 'tag', data: { tag: 5 } },
        { id: 'q', type: 'queue', data: { queue: 9, continueFlow: true } },
        { id: 'q2', type: 'queue', data: { queue: 10, checkedUser: true, queueUsersId: 4 } },
        { id: 'after', type: 'message', data: { label: 'nunca' } },
      ],
      ['start>u', 'u>t', 't>q', 'q>q2', 'q2>after'],
    );
    // {{nome}} is unknown here: no field to write, so no contact update.
    const first = advance(g, null, start, ctx());
    expect(first.actions).toEqual([
      { type: 'tag', tagId: 5 },
      { type: 'queue', queueId: 9, userId: null, randomUser: false },
      { type: 'queue', queueId: 10, userId: 4, randomUser: false },
      { type: 'end', reason: 'queue' },
    ]);
    // With the variable known the contact is updated.
    const g2 = graph([{ id: 'q0', type: 'question', data: { label: 'Nome?', variable: 'nome' } }, { id: 'u', type: 'updateContact', data: { name: '{{nome}}' } }], ['start>q0', 'q0>u']);
    const asked = advance(g2, null, start, ctx());
    expect(advance(g2, asked.state, answer('Bia'), ctx()).actions).toEqual([{ type: 'updateContact', fields: { name: 'Bia' } }, { type: 'end', reason: 'done' }]);
  });

  it('closeTicket closes and ends (no farewell)', () => {
    const g = graph([{ id: 'c', type: 'closeTicket', data: {} }, { id: 'm', type: 'message', data: { label: 'nunca' } }], ['start>c', 'c>m']);
    expect(advance(g, null, start, ctx())).toEqual({ state: null, actions: [{ type: 'close' }, { type: 'end', reason: 'closed' }] });
  });

  it('a flow that starts while one runs changes nothing', () => {
    const r = advance(menuGraph, null, start, ctx());
    expect(advance(menuGraph, r.state, start, ctx())).toEqual({ state: r.state, actions: [] });
  });
});

describe('menu', () => {
  const waiting = () => advance(menuGraph, null, start, ctx());

  it('sends its text and numbered options and waits', () => {
    const r = waiting();
    expect(texts(r.actions)).toEqual([MENU]);
    expect(r.state).toMatchObject({ flowId: 7, version: 3, nodeId: 'menu', waiting: 'menu', invalid: 0, seq: 1, startedAt: start.kind === 'start' ? start.at : '' });
  });

  it.each(['2', '2.', ' 2 ', '2)', 'opção 2', 'Opcao 2', 'OPÇÃO 2', 'suporte tecnico', 'Suporte Técnico', '  SUPORTE TÉCNICO '])('"%s" picks option 2 (its edge a2)', (text) => {
    const r = advance(menuGraph, waiting().state, answer(text), ctx());
    expect(r.actions).toEqual([{ type: 'text', body: 'Suporte aqui' }, { type: 'end', reason: 'done' }]);
  });

  it('an option without an edge ends the flow', () => {
    expect(advance(menuGraph, waiting().state, answer('3'), ctx()).actions).toEqual([{ type: 'end', reason: 'done' }]);
  });

  it.each(['22', '4', 'suporte', 'quero vendas', '', '1 2'])('"%s" is invalid: the options again with a short line', (text) => {
    const r = advance(menuGraph, waiting().state, answer(text), ctx());
    expect(texts(r.actions)).toEqual([`${FLOW_TEXTS.invalidOption}\n\n${MENU}`]);
    expect(r.state).toMatchObject({ nodeId: 'menu', waiting: 'menu', invalid: 1, seq: 2 });
  });

  it('three invalid answers hand the ticket to a human and end; a valid one between resets the count', () => {
    let s = waiting().state;
    s = advance(menuGraph, s, answer('x'), ctx()).state;
    s = advance(menuGraph, s, answer('y'), ctx()).state;
    expect(s).toMatchObject({ invalid: 2 });
    const third = advance(menuGraph, s, answer('z'), ctx());
    expect(third).toEqual({ state: null, actions: [{ type: 'human' }, { type: 'end', reason: 'human' }] });
  });
});

describe('question, collect and condition', () => {
  const g = graph(
    [
      { id: 'q', type: 'question', data: { label: 'Quantos anos, {{firstName}}?', variable: 'idade' } },
      { id: 'c', type: 'condition', data: { key: 'idade', condition: 2, value: '18' } },
      { id: 'yes', type: 'message', data: { label: 'Maior: {{idade}}' } },
      { id: 'no', type: 'message', data: { label: 'Menor: {{idade}}' } },
    ],
    ['start>q', 'q>c', 'c:true>yes', 'c:false>no'],
  );

  it('question sends, waits, stores the answer and follows its edge into the condition', () => {
    const asked = advance(g, null, start, ctx());
    expect(texts(asked.actions)).toEqual(['Quantos anos, Ana?']);
    expect(asked.state).toMatchObject({ nodeId: 'q', waiting: 'answer' });
    expect(texts(advance(g, asked.state, answer('21'), ctx()).actions)).toEqual(['Maior: 21']);
    expect(texts(advance(g, asked.state, answer('17'), ctx()).actions)).toEqual(['Menor: 17']);
    expect(texts(advance(g, asked.state, answer('dezoito'), ctx()).actions)).toEqual(['Menor: dezoito']);
  });

  it('variables are merged, never replaced; caps on count and bytes', () => {
    const two = graph([{ id: 'q1', type: 'question', data: { label: 'a', variable: 'a' } }, { id: 'q2', type: 'collect', data: { collect: 'b' } }, { id: 'm', type: 'message', data: { label: '{{a}}/{{b}}' } }], ['start>q1', 'q1>q2', 'q2>m']);
    const s1 = advance(two, null, start, ctx()).state;
    const s2 = advance(two, s1, answer('um'), ctx());
    expect(s2.actions).toEqual([]);
    expect(s2.state).toMatchObject({ nodeId: 'q2', waiting: 'answer', variables: { a: 'um' } });
    expect(texts(advance(two, s2.state, answer('dois'), ctx()).actions)).toEqual(['um/dois']);
    const full = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`v${i}`, 'x']));
    expect(Object.keys(mergeVariables(full, { extra: '1', v3: 'y' }))).toHaveLength(50);
    expect(mergeVariables(full, { extra: '1', v3: 'y' }).v3).toBe('y');
    expect(mergeVariables({}, { big: 'x'.repeat(9000), small: 's' })).toEqual({ small: 's' });
  });

  it.each([
    [1, 'abc', 'ABC', true], [1, '10', '10.0', true], [1, 'a', 'b', false], [2, '5', '5', true], [2, '4', '5', false], [3, '5', '5', true], [3, '6', '5', false],
    [4, '4', '5', true], [4, '5', '5', false], [5, '6', '5', true], [5, '5', '5', false], [5, 'b', 'a', false], [2, '10', '9', true], [5, '2,5', '2', true], [6, '', '', true], [6, '  ', '', true], [6, 'x', '', false],
  ] as const)('operator %s: %j vs %j → %s', (condition, have, want, holds) => {
    expect(conditionHolds({ key: 'v', condition, value: want }, { v: have }, ctx())).toBe(holds);
  });

  it('a missing variable is empty; {{key}} works as the key; ticketTag compares the ticket tags by name or id', () => {
    expect(conditionHolds({ key: 'none', condition: 6, value: '' }, {}, ctx())).toBe(true);
    expect(conditionHolds({ key: '{{v}}', condition: 1, value: 'x' }, { v: 'x' }, ctx())).toBe(true);
    const tags = ctx({ ticketTags: [{ id: 3, name: 'Cliente VIP' }] });
    expect(conditionHolds({ key: 'ticketTag', condition: 1, value: 'cliente vip' }, {}, tags)).toBe(true);
    expect(conditionHolds({ key: 'ticketTag', condition: 1, value: '3' }, {}, tags)).toBe(true);
    expect(conditionHolds({ key: 'ticketTag', condition: 1, value: 'Outro' }, {}, tags)).toBe(false);
    expect(conditionHolds({ key: 'ticketTag', condition: 6, value: '' }, {}, tags)).toBe(false);
    expect(conditionHolds({ key: 'ticketTag', condition: 6, value: '' }, {}, ctx())).toBe(true);
  });
});

describe('randomizer', () => {
  const g = graph([{ id: 'r', type: 'randomizer', data: { percent: 30 } }, { id: 'a', type: 'message', data: { label: 'A' } }, { id: 'b', type: 'message', data: { label: 'B' } }], ['start>r', 'r:a>a', 'r:b>b']);

  it('follows a with its percent, else b: 1,000 runs within ±5 %', () => {
    let a = 0;
    for (let i = 0; i < 1000; i++) if (texts(advance(g, null, start, ctx({ random: Math.random })).actions)[0] === 'A') a++;
    expect(a).toBeGreaterThanOrEqual(250);
    expect(a).toBeLessThanOrEqual(350);
  });

  it('the draw decides at the edge (0 % never a, 100 % always a)', () => {
    expect(texts(advance(g, null, start, ctx({ random: () => 0.29 })).actions)).toEqual(['A']);
    expect(texts(advance(g, null, start, ctx({ random: () => 0.3 })).actions)).toEqual(['B']);
    const zero = graph([{ id: 'r', type: 'randomizer', data: { percent: 0 } }, { id: 'a', type: 'message', data: { label: 'A' } }], ['start>r', 'r:a>a']);
    expect(advance(zero, null, start, ctx({ random: () => 0 })).actions).toEqual([{ type: 'end', reason: 'done' }]);
  });
});

describe('interval and single block', () => {
  const g = graph(
    [{ id: 'm', type: 'message', data: { label: 'antes' } }, { id: 'i', type: 'interval', data: { sec: 5 } }, { id: 'd', type: 'message', data: { label: 'depois' } }],
    ['start>m', 'm>i', 'i>d'],
  );

  it('waits for a wake with its token; a stale or repeated wake, or an answer meanwhile, changes nothing', () => {
    const r = advance(g, null, start, ctx());
    const wake = r.actions.find((a) => a.type === 'wake') as Extract<FlowAction, { type: 'wake' }>;
    expect(wake.seconds).toBe(5);
    expect(r.state).toMatchObject({ nodeId: 'i', waiting: 'interval', wakeToken: wake.token });
    expect(advance(g, r.state, { kind: 'wake', token: 'other' }, ctx())).toEqual({ state: r.state, actions: [] });
    expect(advance(g, r.state, answer('oi?'), ctx())).toEqual({ state: r.state, actions: [] });
    const woke = advance(g, r.state, { kind: 'wake', token: wake.token }, ctx());
    expect(woke.actions).toEqual([{ type: 'text', body: 'depois' }, { type: 'end', reason: 'done' }]);
  });

  it('a single block: its cards in seq order; a text card shows typing for its moment (a wake) before the text; an interval card waits and goes on from the next card', () => {
    const block = graph(
      [{ id: 'sb', type: 'singleBlock', data: { seq: ['message1', 'img0', 'interval0', 'message0', 'audio0'], elements: [
        { number: 'message0', value: 'terceiro {{firstName}}' }, { number: 'message1', value: 'primeiro' }, { number: 'img0', value: 'f.png' }, { number: 'interval0', value: '3' }, { number: 'audio0', value: 'a.ogg', record: false },
      ] } }, { id: 'end', type: 'message', data: { label: 'fim' } }],
      ['start>sb', 'sb>end'],
    );
    const wakeOf = (a: Advance) => a.actions.find((x) => x.type === 'wake') as Extract<FlowAction, { type: 'wake' }>;
    // "typing…" first, for about a second (960 ms): nothing else until its wake.
    const r = advance(block, null, start, ctx());
    expect(r.actions).toEqual([{ type: 'typing', ms: 960 }, { type: 'wake', seconds: 1, token: wakeOf(r).token }]);
    expect(r.state).toMatchObject({ nodeId: 'sb', waiting: 'interval', blockAt: 0, blockTyped: true });
    // An answer meanwhile changes nothing; the wake sends the text and goes on to the interval card.
    expect(advance(block, r.state, answer('oi?'), ctx())).toEqual({ state: r.state, actions: [] });
    const typed = advance(block, r.state, { kind: 'wake', token: wakeOf(r).token }, ctx());
    expect(typed.actions.slice(0, 2)).toEqual([{ type: 'text', body: 'primeiro' }, { type: 'media', kind: 'img', file: 'f.png', record: false }]);
    expect(wakeOf(typed)).toMatchObject({ seconds: 3 });
    expect(typed.state).toMatchObject({ nodeId: 'sb', waiting: 'interval', blockAt: 3 });
    expect(typed.state!.blockTyped).toBeUndefined();
    // The old wake again (a redelivery) does nothing.
    expect(advance(block, typed.state, { kind: 'wake', token: wakeOf(r).token }, ctx())).toEqual({ state: typed.state, actions: [] });
    const interval = advance(block, typed.state, { kind: 'wake', token: wakeOf(typed).token }, ctx());
    expect(interval.actions).toEqual([{ type: 'typing', ms: 1040 }, { type: 'wake', seconds: 1, token: wakeOf(interval).token }]);
    expect(interval.state).toMatchObject({ blockAt: 3, blockTyped: true });
    const woke = advance(block, interval.state, { kind: 'wake', token: wakeOf(interval).token }, ctx());
    expect(woke.actions).toEqual([{ type: 'text', body: 'terceiro Ana' }, { type: 'media', kind: 'audio', file: 'a.ogg', record: false }, { type: 'text', body: 'fim' }, { type: 'end', reason: 'done' }]);
  });
});

describe('http request', () => {
  const g = graph(
    [
      { id: 'h', type: 'httpRequest', data: { url: 'https://api.example.com/c/{{cpf}}', method: 'POST', body: '{"n":"{{name}}"}', headers: [{ key: 'X-K', value: '{{cpf}}' }], params: [{ key: 'q', value: '{{nada}}' }], saveFields: [{ path: 'data.plan', variable: 'plano' }, { path: 'data.items.0', variable: 'item' }] } },
      { id: 'ok', type: 'message', data: { label: 'Plano {{plano}} {{item}}' } },
      { id: 'err', type: 'message', data: { label: 'Falhou' } },
    ],
    ['start>h', 'h:success>ok', 'h:error>err'],
  );
  const waiting = (): FlowState => ({ flowId: 7, version: 3, nodeId: 'h', waiting: 'http', variables: { cpf: '123' }, invalid: 0, steps: 4, seq: 5, startedAt: '' });

  it('the request with variables filled; the flow waits for its result', () => {
    const q = graph([{ id: 'q', type: 'question', data: { label: 'CPF?', variable: 'cpf' } }, ...g.nodes.filter((n) => n.type !== 'start').map((n) => ({ id: n.id, type: n.type, data: n.data as Record<string, unknown> }))], ['start>q', 'q>h', 'h:success>ok', 'h:error>err']);
    const asked = advance(q, null, start, ctx());
    const r = advance(q, asked.state, answer('123'), ctx());
    expect(r.actions).toEqual([{ type: 'http', request: { method: 'post', url: 'https://api.example.com/c/123', headers: { 'X-K': '123' }, query: { q: '' }, body: '{"n":"Ana Souza"}' } }]);
    expect(r.state).toMatchObject({ nodeId: 'h', waiting: 'http' });
  });

  it('2xx follows success with fields saved by dotted path; anything else follows error', () => {
    const ok = advance(g, waiting(), { kind: 'httpResult', status: 201, json: { data: { plan: 'Ouro', items: [{ a: 1 }] } } }, ctx());
    expect(texts(ok.actions)).toEqual(['Plano Ouro {"a":1}']);
    expect(texts(advance(g, waiting(), { kind: 'httpResult', status: 500 }, ctx()).actions)).toEqual(['Falhou']);
    expect(texts(advance(g, waiting(), { kind: 'httpResult', status: 0 }, ctx()).actions)).toEqual(['Falhou']);
    expect(texts(advance(g, waiting(), { kind: 'httpResult', status: 302 }, ctx()).actions)).toEqual(['Falhou']);
  });

  it('atPath reads nested keys and array indexes', () => {
    expect(atPath({ a: { b: [1, { c: 'x' }] } }, 'a.b.1.c')).toBe('x');
    expect(atPath({ a: 1 }, 'a')).toBe('1');
    expect(atPath({ a: 1 }, 'a.b')).toBeUndefined();
    expect(atPath('text', 'a')).toBeUndefined();
  });
});

describe('ending', () => {
  it.each(['sair', 'Parar', ' SAIR '])('"%s" ends the flow wherever it waits', (word) => {
    const s = advance(menuGraph, null, start, ctx()).state;
    expect(advance(menuGraph, s, answer(word), ctx())).toEqual({ state: null, actions: [{ type: 'end', reason: 'exit' }] });
  });

  it('a loop without a waiting node stops after 100 steps with an error', () => {
    const g = graph([{ id: 'a', type: 'message', data: { label: 'a' } }, { id: 'b', type: 'tag', data: { tag: 1 } }], ['start>a', 'a>b', 'b>a']);
    const r = advance(g, null, start, ctx());
    expect(r.state).toBeNull();
    expect(r.error).toMatch(/100/);
    expect(r.actions.at(-1)).toEqual({ type: 'end', reason: 'loop' });
    expect(texts(r.actions).length).toBe(50);
  });

  it('a node deleted in a newer version ends the flow of a ticket waiting on it', () => {
    const s = advance(menuGraph, null, start, ctx()).state!;
    const edited = graph([{ id: 'other', type: 'message', data: { label: 'x' } }], ['start>other']);
    expect(advance(edited, s, answer('1'), ctx())).toEqual({ state: null, actions: [{ type: 'end', reason: 'missing' }] });
    const edge = graph([{ id: 'menu', type: 'message', data: { label: 'x' } }], ['start>menu']);
    // The node's id now names another type: nothing to answer, the state is kept as it was.
    expect(advance(edge, s, answer('1'), ctx()).actions).toEqual([]);
  });

  it('events the state does not wait for change nothing', () => {
    const s = advance(menuGraph, null, start, ctx()).state!;
    expect(advance(menuGraph, s, { kind: 'wake', token: 'x' }, ctx())).toEqual({ state: s, actions: [] });
    expect(advance(menuGraph, s, { kind: 'httpResult', status: 200 }, ctx())).toEqual({ state: s, actions: [] });
    expect(advance(menuGraph, null, answer('1'), ctx())).toEqual({ state: null, actions: [] });
  });
});

describe('fill and pickOption', () => {
  it('flow variables first, then message variables (case-insensitive), unknown empty', () => {
    expect(fill('{{name}} {{NAME}} {{ firstName }} {{x.y}} {{nope}}', { name: 'flow', 'x.y': 'z' }, ctx())).toBe('flow Ana Souza Ana z ');
  });
  it('matches by titleOption too', () => {
    expect(pickOption({ message: '', arrayOption: [{ number: 1, value: 'Um', titleOption: 'Primeira' }] }, 'primeira')?.number).toBe(1);
  });
});
