import { useCallback, useEffect, useMemo, useState } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Background, BackgroundVariant, Controls, MiniMap, ReactFlow, ReactFlowProvider, useEdgesState, useNodesState, useReactFlow, type Connection, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { FLOW_NODE_TYPES, type FlowNodeType } from '@conversa/shared/schemas/flows';
import { isApiError } from '../../../../lib/api-error';
import { useColorMode } from '../../../../lib/theme-mode';
import { toast } from '../../../../lib/toast';
import { useExportFlow } from '../../api/export-flow';
import { useFlowDocument } from '../../api/get-flow-document';
import { useImportFlow } from '../../api/import-flow';
import { useSaveFlowGraph } from '../../api/save-flow-graph';
import { FLOW_TOAST_MS } from '../../lib/flow-name';
import { addNode, addStartNode, canAdd, connect, duplicateNode, EDGE_STYLE, fromDocument, organizeLayout, removeNodes, replaceData, toDocument, type EditorEdge, type EditorNode } from '../../lib/graph';
import { fileNodes, nameIssues, type NamedIssue } from '../../lib/issues';
import { NodeDialog, type NodeDialogState } from '../dialogs/node-dialog';
import type { NodeData } from '../dialogs/form-props';
import { EditorActionsContext, type EditorActions } from '../nodes/editor-actions';
import { FlowNode } from '../nodes/flow-node';
import { NODE_LOOK } from '../nodes/node-icons';
import { EditorToolbar } from './editor-toolbar';
import { IssuesPanel } from './issues-panel';

/** Spec 3 §9: the flow loads 500 ms after the screen opens. */
export const FLOW_LOAD_DELAY_MS = 500;

const nodeTypes = Object.fromEntries(FLOW_NODE_TYPES.map((type) => [type, FlowNode]));
const asNodes = (n: EditorNode[]) => n as unknown as Node[];
const asEditor = (n: Node[]) => n as unknown as EditorNode[];
const asEdges = (e: EditorEdge[]) => e as unknown as Edge[];
const asEditorEdges = (e: Edge[]) => e as unknown as EditorEdge[];

function Canvas({ flowId, name }: { flowId: number; name: string }) {
  const { t } = useTranslation();
  const colorMode = useColorMode();
  const flow = useReactFlow();
  const doc = useFlowDocument(flowId, false);
  const [nodes, setNodes, onNodesChange] = useNodesState<Node>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  const [dialog, setDialog] = useState<NodeDialogState>({ open: false });
  const [issues, setIssues] = useState<NamedIssue[]>();
  /** The version on screen: a save names it, so another tab's save in between is refused, not overwritten. */
  const [version, setVersion] = useState<number>();

  useEffect(() => {
    if (!doc.data) return;
    const g = fromDocument(doc.data.flow.flow);
    setVersion(doc.data.flow.version);
    setNodes(asNodes(g.nodes));
    setEdges(asEdges(g.edges));
    requestAnimationFrame(() => void flow.fitView({ padding: 0.2, maxZoom: 1 }));
  }, [doc.data, setNodes, setEdges, flow]);

  const showIssues = (err: unknown, nodesSent: readonly { id?: unknown; type?: unknown }[]) => {
    if (!isApiError(err) || err.code !== 'ERR_FLOW_INVALID') return;
    const named = nameIssues(err.issues ?? [], nodesSent);
    setIssues(named);
    toast.error(t('flows.editor.invalidToast', { count: named.length }), 0);
  };
  const save = useSaveFlowGraph({ onSuccess: (saved) => (setVersion(saved.flow.version), setIssues(undefined), toast.success(t('flows.editor.saved'), FLOW_TOAST_MS)) });
  const exporter = useExportFlow({ onSuccess: () => toast.success(t('flows.editor.exported'), FLOW_TOAST_MS) });
  const importer = useImportFlow({
    onSuccess: () => {
      setIssues(undefined);
      toast.success(t('flows.editor.imported'), FLOW_TOAST_MS);
      void doc.refetch();
    },
  });

  const actions = useMemo<EditorActions>(
    () => ({
      duplicate: (id) => setNodes((ns) => asNodes(duplicateNode(asEditor(ns), id))),
      remove: (id) => {
        const g = removeNodes(asEditor(nodes), asEditorEdges(edges), [id]);
        setNodes(asNodes(g.nodes));
        setEdges(asEdges(g.edges));
      },
      edit: (id) => {
        const n = asEditor(nodes).find((x) => x.id === id);
        if (n && n.type !== 'start') setDialog({ open: true, mode: 'edit', type: n.type, nodeId: n.id, initial: n.data });
      },
    }),
    [nodes, edges, setNodes, setEdges],
  );

  const onAdd = (type: FlowNodeType) => {
    if (!canAdd(nodes)) return toast.warning(t('flows.editor.tooMany'));
    if (type !== 'start') return setDialog({ open: true, mode: 'create', type });
    const g = addStartNode(asEditor(nodes), asEditorEdges(edges));
    setNodes(asNodes(g.nodes));
    setEdges(asEdges(g.edges));
  };
  const onDone = (state: Extract<NodeDialogState, { open: true }>, data: NodeData) => {
    if (state.mode === 'create') setNodes((ns) => asNodes(addNode(asEditor(ns), state.type, data as never)));
    else if (state.nodeId) {
      const g = replaceData(asEditor(nodes), asEditorEdges(edges), state.nodeId, data);
      setNodes(asNodes(g.nodes));
      setEdges(asEdges(g.edges));
    }
    setDialog({ open: false });
  };
  const onConnect = useCallback((c: Connection) => setEdges((es) => asEdges(connect(asEditorEdges(es), c))), [setEdges]);
  const onLayout = () => {
    setNodes(asNodes(organizeLayout(asEditor(nodes), asEditorEdges(edges))));
    toast.success(t('flows.editor.laidOut'), FLOW_TOAST_MS);
    requestAnimationFrame(() => void flow.fitView({ padding: 0.2, maxZoom: 1 }));
  };
  const onSave = () => {
    const body = toDocument(asEditor(nodes), asEditorEdges(edges));
    save.mutate({ idFlow: flowId, version, ...body }, { onError: (err) => showIssues(err, body.nodes as never) });
  };
  const onImport = async (file: File) => {
    const text = await file.text();
    importer.mutate({ id: flowId, jsonFlow: text }, { onError: (err) => showIssues(err, fileNodes(text)) });
  };
  const pick = (id: string) => {
    setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === id })));
    const n = nodes.find((x) => x.id === id);
    if (n) void flow.setCenter(n.position.x + 100, n.position.y + 50, { zoom: 1, duration: 300 });
  };

  if (doc.isPending) {
    return (
      <div className="flow-editor__loading" role="status">
        <Loader size="large" /> {t('flows.editor.loading')}
      </div>
    );
  }
  if (doc.isError) return <p className="flow-editor__loading">{t('flows.editor.notFound')}</p>;
  return (
    <EditorActionsContext.Provider value={actions}>
      <EditorToolbar
        saving={save.isPending}
        busy={importer.isPending || exporter.isPending}
        onAdd={onAdd}
        onImport={(f) => void onImport(f)}
        onExport={() => exporter.mutate({ id: flowId, name: doc.data?.flow.name ?? name })}
        onLayout={onLayout}
        onSave={onSave}
      />
      {issues ? <IssuesPanel issues={issues} onClose={() => setIssues(undefined)} onPick={pick} /> : null}
      <div className="flow-canvas" data-testid="flow-canvas">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onNodeDoubleClick={(_e, n) => actions.edit(n.id)}
          deleteKeyCode={['Backspace', 'Delete']}
          defaultEdgeOptions={{ animated: true, style: { ...EDGE_STYLE } }}
          zoomOnDoubleClick={false}
          colorMode={colorMode}
          minZoom={0.1}
          fitView
          proOptions={{ hideAttribution: true }}
        >
          <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
          <Controls />
          <MiniMap pannable zoomable nodeColor={(n) => NODE_LOOK[n.type as FlowNodeType]?.color ?? '#888'} />
        </ReactFlow>
      </div>
      <NodeDialog state={dialog} nodes={asEditor(nodes)} onClose={() => setDialog({ open: false })} onDone={onDone} />
    </EditorActionsContext.Provider>
  );
}

/**
 * /flowbuilder/{id} (spec 3 "Flow editor", §4): the title and the save reminder, then, 500 ms
 * after opening, the flow on its canvas with the toolbar, grid, controls and minimap.
 */
export function FlowEditor({ flowId }: { flowId: number }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const doc = useFlowDocument(flowId, ready);
  useEffect(() => {
    setReady(false);
    const timer = setTimeout(() => setReady(true), FLOW_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [flowId]);
  return (
    <div className="flow-editor">
      <header className="flow-editor__head">
        <h1 className="content__title">{t('flows.editor.title')}</h1>
        <p className="flow-editor__reminder">{t('flows.editor.reminder')}</p>
        {doc.data ? <p className="flow-editor__name muted">{doc.data.flow.name}</p> : null}
      </header>
      {!ready || doc.isPending ? (
        <div className="flow-editor__loading" role="status">
          <Loader size="large" /> {t('flows.editor.loading')}
        </div>
      ) : (
        <ReactFlowProvider>
          <Canvas flowId={flowId} name={doc.data?.flow.name ?? ''} />
        </ReactFlowProvider>
      )}
    </div>
  );
}
