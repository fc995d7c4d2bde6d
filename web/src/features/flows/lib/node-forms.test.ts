import { describe, expect, it } from 'vitest';
import { FlowNodeData } from '@conversa/shared/schemas/flows';
import { checkFlowName, pageOf } from './flow-name';
import { fileNodes, nameIssues } from './issues';
import { cardsOf, cardsProblem, fileProblem, intervalProblem, parseNodeData, singleBlockData, type Card } from './node-forms';
import { buildTrigger, emptyTrigger } from './trigger-form';

const MB = 1024 * 1024;
const file = (name: string, size: number) => ({ name, size }) as File;

describe('the node dialogs (spec 3 §5)', () => {
  it('interval: set and above 0, at most 120', () => {
    expect(intervalProblem('')).toEqual({ key: 'errors.intervalRequired' });
    expect(intervalProblem('0')).toEqual({ key: 'errors.intervalRequired' });
    expect(intervalProblem('1.5')).toEqual({ key: 'errors.intervalRequired' });
    expect(intervalProblem('121')).toEqual({ key: 'errors.intervalMax' });
    expect(intervalProblem('120')).toBeNull();
  });

  it('files: types and sizes per kind, with the spec messages', () => {
    expect(fileProblem('video', file('a.mov', 1))).toEqual({ key: 'errors.videoOnly' });
    expect(fileProblem('document', file('a.docx', 1))).toEqual({ key: 'errors.pdfOnly' });
    expect(fileProblem('img', file('a.gif', 1))).toEqual({ key: 'errors.typeNotAllowed', values: { exts: 'png, jpg, jpeg, webp' } });
    expect(fileProblem('img', file('a.PNG', 2 * MB + 1))).toEqual({ key: 'errors.tooLarge', values: { n: 2 } });
    expect(fileProblem('audio', file('a.mp3', 5 * MB + 1))).toEqual({ key: 'errors.tooLarge', values: { n: 5 } });
    expect(fileProblem('video', file('a.mp4', 20 * MB + 1))).toEqual({ key: 'errors.tooLarge', values: { n: 20 } });
    expect(fileProblem('document', file('a.pdf', 20 * MB))).toBeNull();
    expect(fileProblem('audio', file('voz.opus', MB))).toBeNull();
  });

  it('Conteúdo: empty text, bad interval, a media card without a file — in that order', () => {
    const img: Card = { kind: 'img', record: true };
    expect(cardsProblem([{ kind: 'message', value: ' ' }, { kind: 'interval', value: '0' }, img])).toEqual({ key: 'errors.emptyMessage' });
    expect(cardsProblem([{ kind: 'message', value: 'oi' }, { kind: 'interval', value: '0' }, img])).toEqual({ key: 'errors.badInterval' });
    expect(cardsProblem([{ kind: 'interval', value: '121' }])).toEqual({ key: 'errors.badInterval' });
    expect(cardsProblem([{ kind: 'message', value: 'oi' }, img])).toEqual({ key: 'errors.emptyMedia' });
    expect(cardsProblem([{ kind: 'video', file: file('a.avi', 1), record: true }])).toEqual({ key: 'errors.videoOnly' });
    expect(cardsProblem([{ kind: 'message', value: 'oi' }, { ...img, stored: 'x.png' }])).toBeNull();
  });

  it('Conteúdo: the block keys its cards per kind, names the new files by what the upload stored, and reads back the same cards', () => {
    const cards: Card[] = [
      { kind: 'message', value: 'Olá' },
      { kind: 'img', file: file('foto.png', 10), record: true },
      { kind: 'interval', value: '3' },
      { kind: 'message', value: 'Ouça' },
      { kind: 'audio', file: file('voz.ogg', 10), record: false },
      { kind: 'img', stored: 'old.png', original: 'antiga.png', record: true },
    ];
    const data = singleBlockData(cards, ['s-foto.png', 's-voz.ogg']);
    expect(data.seq).toEqual(['message0', 'img0', 'interval0', 'message1', 'audio0', 'img1']);
    expect(data.elements[1]).toEqual({ number: 'img0', type: 'img', value: 's-foto.png', original: 'foto.png' });
    expect(data.elements[4]).toEqual({ number: 'audio0', type: 'audio', value: 's-voz.ogg', original: 'voz.ogg', record: false });
    expect(data.elements[5]).toMatchObject({ value: 'old.png', original: 'antiga.png' });
    expect(FlowNodeData.singleBlock.safeParse(data).success).toBe(true);
    expect(cardsOf(data).map((c) => c.kind)).toEqual(['message', 'img', 'interval', 'message', 'audio', 'img']);
    expect(cardsOf(data)[4]).toEqual({ kind: 'audio', stored: 's-voz.ogg', original: 'voz.ogg', record: false });
  });

  it('a dialog hands the canvas only data the contract accepts, and names the field otherwise', () => {
    expect(parseNodeData('question', { label: 'Seu nome?', variable: 'nome' })).toEqual({ ok: true, data: { label: 'Seu nome?', variable: 'nome' } });
    const bad = parseNodeData('question', { label: 'Seu nome?', variable: 'com espaço' });
    expect(bad).toMatchObject({ ok: false, field: 'variable' });
    expect(parseNodeData('queue', { queue: 3, moreOptions: false })).toMatchObject({ ok: true, data: { queue: 3, checkedUser: false, ativarRoteador: false } });
  });
});

describe('the flow list and its modal', () => {
  it('name: Digite um nome!, Muito curto!, Muito longo!', () => {
    expect(checkFlowName('  ')).toEqual({ ok: false, error: 'nameModal.required' });
    expect(checkFlowName('a')).toEqual({ ok: false, error: 'nameModal.tooShort' });
    expect(checkFlowName('x'.repeat(51))).toEqual({ ok: false, error: 'nameModal.tooLong' });
    expect(checkFlowName(' Boas vindas ')).toEqual({ ok: true, name: 'Boas vindas' });
  });

  it('10 per page on the client', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 1)).toEqual({ rows: rows.slice(0, 10), page: 1, pages: 3 });
    expect(pageOf(rows, 3).rows).toEqual([20, 21, 22]);
    expect(pageOf(rows, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it('a phrase trigger needs its name, phrase, flow and connection', () => {
    const r = buildTrigger(emptyTrigger());
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual({ name: 'nameModal.tooShort', phrase: 'errors.required', flowId: 'errors.required', whatsappId: 'errors.required' });
    expect(buildTrigger({ name: 'Promo', phrase: 'quero promoção', matchType: 'partial', flowId: '4', whatsappId: '2', status: true })).toEqual({ ok: true, body: { name: 'Promo', phrase: 'quero promoção', matchType: 'partial', flowId: 4, whatsappId: 2, status: true } });
  });
});

describe('an invalid graph, named for people', () => {
  it('a node issue names the node sent at that index; edge and flow issues say so', () => {
    const sent = [{ id: '1', type: 'start' }, { id: 'abcdefghij', type: 'interval' }];
    expect(nameIssues([{ path: 'nodes.1.data.sec', message: 'Too big' }, { path: ['connections', 0, 'target'], message: 'missing' }, { path: 'nodes', message: 'one start' }], sent)).toEqual([
      { where: { kind: 'node', index: 1, id: 'abcdefghij', type: 'interval' }, field: 'data.sec', message: 'Too big' },
      { where: { kind: 'edge', index: 0 }, field: 'target', message: 'missing' },
      { where: { kind: 'flow' }, field: 'nodes', message: 'one start' },
    ]);
  });

  it('an import file gives its nodes when it parses (bare or wrapped), none otherwise', () => {
    expect(fileNodes('{"nodes":[{"id":"1","type":"start"}],"connections":[]}')).toEqual([{ id: '1', type: 'start' }]);
    expect(fileNodes('{"name":"x","flow":{"nodes":[{"id":"2"}]}}')).toEqual([{ id: '2' }]);
    expect(fileNodes('not json')).toEqual([]);
  });
});
