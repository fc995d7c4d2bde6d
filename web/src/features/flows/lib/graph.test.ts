import { describe, expect, it } from 'vitest';
import { FlowGraph } from '@conversa/shared/schemas/flows';
import { addNode, addStartNode, connect, DUPLICATE_OFFSET, duplicateNode, EDGE_STYLE, fromDocument, LAYOUT_COLUMN, LAYOUT_ROW, newNodeId, nextPosition, organizeLayout, pruneEdges, removeNodes, replaceData, startNode, toDocument, type EditorEdge, type EditorNode } from './graph';

const node = (id: string, type: EditorNode['type'], x: number, y: number, data: Record<string, unknown> = {}, width?: number): EditorNode => ({ id, type, position: { x, y }, data, ...(width ? { measured: { width } } : {}) });
const edge = (source: string, target: string, sourceHandle: string | null = null): EditorEdge => ({ id: `${source}-${sourceHandle}-${target}`, source, target, sourceHandle });
const menu = (id: string, numbers: number[]) => node(id, 'menu', 0, 0, { message: 'Escolha', arrayOption: numbers.map((n) => ({ number: n, value: `Opção ${n}` })) });

describe('the editor graph (spec 3 §3, §4, §9)', () => {
  it('a new node id is 30 letters and digits, different each time', () => {
    const a = newNodeId();
    expect(a).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(newNodeId()).not.toBe(a);
  });

  it('a never-saved flow starts with the start node at (250,100), labelled Inicio do fluxo', () => {
    expect(fromDocument(null)).toEqual({ nodes: [{ id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } }], edges: [] });
  });

  it('a new node goes right of the last one: its x + width + 40, same y', () => {
    const nodes = [startNode(), node('m', 'message', 600, 320, { label: 'oi' }, 300)];
    expect(nextPosition(nodes)).toEqual({ x: 940, y: 320 });
    const added = addNode(nodes, 'interval', { sec: 5 }, 'new');
    expect(added.at(-1)).toEqual({ id: 'new', type: 'interval', position: { x: 940, y: 320 }, data: { sec: 5 } });
  });

  it('Inicio again replaces the start node (id 1) and puts it at the end; a start under another id takes its connections with it', () => {
    const nodes = [node('s', 'start', 0, 0, { label: 'x' }), node('m', 'message', 300, 0, { label: 'oi' })];
    const r = addStartNode(nodes, [edge('s', 'm')]);
    expect(r.nodes.map((n) => [n.id, n.type])).toEqual([['m', 'message'], ['1', 'start']]);
    expect(r.edges).toEqual([]);
    const again = addStartNode(r.nodes, [edge('1', 'm')]);
    expect(again.nodes.filter((n) => n.type === 'start')).toHaveLength(1);
    expect(again.edges).toEqual([edge('1', 'm')]);
  });

  it('duplicate: a copy with a new id 240 right of the rightmost node, deselected, data not shared; the start node is not copied', () => {
    const nodes = [startNode(), { ...node('q', 'question', 100, 50, { label: 'Nome?', variable: 'nome' }), selected: true }, node('z', 'message', 900, 400, { label: 'fim' })];
    const r = duplicateNode(nodes, 'q', 'copy');
    const copy = r.find((n) => n.id === 'copy')!;
    expect(copy).toMatchObject({ type: 'question', position: { x: 900 + DUPLICATE_OFFSET, y: 50 }, data: { label: 'Nome?', variable: 'nome' } });
    expect(copy.selected).toBeUndefined();
    expect(r.find((n) => n.id === 'q')!.selected).toBe(false);
    copy.data.label = 'changed';
    expect(nodes[1]!.data.label).toBe('Nome?');
    expect(duplicateNode(nodes, '1', 'x')).toHaveLength(3);
  });

  it('delete removes the node and every connection touching it', () => {
    const r = removeNodes([startNode(), node('a', 'message', 0, 0), node('b', 'message', 0, 0)], [edge('1', 'a'), edge('a', 'b'), edge('1', 'b')], ['a']);
    expect(r.nodes.map((n) => n.id)).toEqual(['1', 'b']);
    expect(r.edges).toEqual([edge('1', 'b')]);
  });

  it('a menu option removed in its dialog takes its connection with it; the others keep theirs', () => {
    const nodes = [startNode(), menu('m', [1, 2, 3]), node('x', 'message', 0, 0), node('y', 'message', 0, 0)];
    const edges = [edge('1', 'm'), edge('m', 'x', 'a1'), edge('m', 'y', 'a3')];
    const r = replaceData(nodes, edges, 'm', { message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }, { number: 2, value: 'Suporte' }] });
    expect(r.edges).toEqual([edge('1', 'm'), edge('m', 'x', 'a1')]);
    expect(r.nodes.find((n) => n.id === 'm')!.data.arrayOption).toHaveLength(2);
  });

  it('keeps only connections by handles their node has (randomizer a/b, condition true/false, http success/error)', () => {
    const nodes = [node('r', 'randomizer', 0, 0, { percent: 50 }), node('c', 'condition', 0, 0, { key: 'k', condition: 1, value: '' }), node('h', 'httpRequest', 0, 0, {}), node('t', 'message', 0, 0)];
    const ok = [edge('r', 't', 'a'), edge('r', 't', 'b'), edge('c', 't', 'true'), edge('c', 't', 'false'), edge('h', 't', 'success'), edge('h', 't', 'error')];
    const bad = [edge('r', 't', 'true'), edge('c', 't', 'a'), edge('h', 't', null), edge('t', 'gone')];
    expect(pruneEdges(nodes, [...ok, ...bad])).toEqual(ok);
  });

  it('a drawn connection is animated, thin and red; drawn twice it is one; a node never connects to itself', () => {
    const once = connect([], { source: 'a', target: 'b', sourceHandle: 'a1', targetHandle: null });
    expect(once).toEqual([{ id: 'reactflow__edge-aa1-b', source: 'a', target: 'b', sourceHandle: 'a1', targetHandle: null, animated: true, style: EDGE_STYLE }]);
    expect(connect(once, { source: 'a', target: 'b', sourceHandle: 'a1', targetHandle: null })).toHaveLength(1);
    expect(connect([], { source: 'a', target: 'a' })).toEqual([]);
  });

  it('Organizar Layout: start at (100,100), each step 300 to the right, siblings 150 apart in the spec type order, the unreached after', () => {
    const nodes = [node('m', 'message', 9, 9), startNode(), menu('menu', [1, 2]), node('q', 'queue', 9, 9), node('i', 'interval', 9, 9), node('lost', 'tag', 9, 9)];
    const edges = [edge('1', 'menu'), edge('menu', 'i', 'a1'), edge('menu', 'q', 'a2'), edge('q', 'm')];
    const at = Object.fromEntries(organizeLayout(nodes, edges).map((n) => [n.id, n.position]));
    expect(at['1']).toEqual({ x: 100, y: 100 });
    expect(at.menu).toEqual({ x: 100 + LAYOUT_COLUMN, y: 100 });
    // queue ("ticket") before interval, whatever the option order
    expect(at.q).toEqual({ x: 100 + 2 * LAYOUT_COLUMN, y: 100 });
    expect(at.i).toEqual({ x: 100 + 2 * LAYOUT_COLUMN, y: 100 + LAYOUT_ROW });
    expect(at.m).toEqual({ x: 100 + 3 * LAYOUT_COLUMN, y: 100 });
    expect(at.lost).toEqual({ x: 100 + 4 * LAYOUT_COLUMN, y: 100 });
  });

  it('what is saved parses with the contract and loads back to the same canvas', () => {
    const nodes = [startNode(), { ...menu('m', [1, 2]), measured: { width: 240, height: 130 }, selected: true }, node('x', 'message', 500, 100, { label: 'Vendas' })];
    const edges = connect(connect([], { source: '1', target: 'm' }), { source: 'm', target: 'x', sourceHandle: 'a2' });
    const doc = toDocument(nodes, edges);
    const parsed = FlowGraph.parse(doc);
    expect(parsed.nodes.find((n) => n.id === 'm')).toMatchObject({ width: 240, height: 130 });
    expect(JSON.stringify(doc)).not.toContain('selected');
    const back = fromDocument(parsed);
    expect(back.edges.map((e) => [e.source, e.sourceHandle, e.target])).toEqual([['1', null, 'm'], ['m', 'a2', 'x']]);
    expect(back.nodes.map((n) => n.id)).toEqual(['1', 'm', 'x']);
  });
});
