import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { attachmentOf, badNames, flowFileText, mediaOf, NEW_FLOW, parseGraph, readFlowFile } from './flow-document';
import { copyName } from './manage-flows';

const start = { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } };
const msg = (id: string, label = 'Olá') => ({ id, type: 'message', position: { x: 500, y: 100 }, data: { label } });

function failure(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('flow documents', () => {
  it('parses a graph and keeps only what the schema keeps, in its order', () => {
    const g = parseGraph({ nodes: [{ ...start, selected: true, dragging: false, positionAbsolute: { x: 1, y: 2 } }, msg('m1')], connections: [{ source: '1', target: 'm1', animated: true, extra: 1 }] });
    expect(g.nodes[0]).toEqual(start);
    expect(Object.keys(g.nodes[0]!)).toEqual(['id', 'position', 'type', 'data']);
    expect(g.connections).toEqual([{ source: '1', target: 'm1', animated: true }]);
  });

  it('names every issue with its path', () => {
    const err = failure(() => parseGraph({ nodes: [msg('m1'), { ...msg('m2'), data: {} }], connections: [{ source: 'm1', target: 'zz' }] }, ['flow']));
    expect(err.code).toBe('ERR_FLOW_INVALID');
    expect(err.issues).toEqual(expect.arrayContaining([
      { path: 'flow.nodes.1.data.label', message: expect.any(String) },
      { path: 'flow.nodes', message: 'O fluxo precisa de um nó de início' },
      { path: 'flow.connections.0.target', message: 'conexão para um nó que não existe: zz' },
    ]));
  });

  it('reads export files, bare graphs, and refuses what is not JSON', () => {
    const text = flowFileText('Vendas', NEW_FLOW);
    expect(readFlowFile(text)).toEqual({ graph: NEW_FLOW, prefix: ['flow'] });
    expect(readFlowFile(JSON.stringify(NEW_FLOW))).toEqual({ graph: NEW_FLOW, prefix: [] });
    for (const bad of ['{nodes:', '', '[]', '42', 'null']) expect(failure(() => readFlowFile(bad)).code).toBe('ERR_FLOW_FILE_NOT_JSON');
    expect(failure(() => readFlowFile('{"flow": null}')).code).toBe('ERR_FLOW_INVALID');
  });

  it('exports the same bytes after an import of its own export', () => {
    const g = parseGraph({ nodes: [start, msg('m1', 'Olá "cliente" 😀'), { id: 'r', type: 'randomizer', position: { x: 1, y: 2 }, data: { percent: '30' } }], connections: [{ source: '1', target: 'm1' }, { source: 'm1', target: 'r' }] });
    const once = flowFileText('Fluxo', g);
    expect(flowFileText('Fluxo', readFlowFile(once).graph)).toBe(once);
  });

  it('finds the files a graph names, in nodes and single-block cards', () => {
    const g = parseGraph({
      nodes: [start, { id: 'i', type: 'img', position: { x: 0, y: 0 }, data: { url: 'a.png' } }, {
        id: 's', type: 'singleBlock', position: { x: 0, y: 0 },
        data: { seq: ['message0', 'audio0', 'document0'], elements: [{ number: 'message0', value: 'oi' }, { number: 'audio0', value: 'b.ogg', record: true }, { number: 'document0', value: '../x.pdf' }] },
      }],
      connections: [],
    });
    const refs = mediaOf(g);
    expect(refs).toEqual([
      { path: 'nodes.1.data.url', kind: 'img', name: 'a.png' },
      { path: 'nodes.2.data.elements.1.value', kind: 'audio', name: 'b.ogg' },
      { path: 'nodes.2.data.elements.2.value', kind: 'document', name: '../x.pdf' },
    ]);
    expect(badNames(refs).map((r) => r.name)).toEqual(['../x.pdf']);
  });

  it('names the download after the flow', () => {
    expect(attachmentOf('Vendas - cópia')).toBe(`attachment; filename="Vendas - copia.json"; filename*=UTF-8''Vendas%20-%20c%C3%B3pia.json`);
    expect(attachmentOf('"a"/b')).toContain('filename="_a_b.json"');
  });

  it("names a copy '<name> - cópia' within 50 characters", () => {
    expect(copyName('Vendas')).toBe('Vendas - cópia');
    expect(copyName('x'.repeat(50))).toHaveLength(50);
    expect(copyName('x'.repeat(50)).endsWith(' - cópia')).toBe(true);
  });
});
