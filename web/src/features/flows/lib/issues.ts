/**
 * An invalid graph's issues (ERR_FLOW_INVALID: each with its path and message) named for people:
 * "nodes.3.data.sec" is the fourth node sent, shown by its type and id, so the editor can list
 * every problem and select the node it is about.
 */
export type Issue = { path: string | (string | number)[]; message: string };
export type NamedIssue = { where: { kind: 'node'; index: number; id?: string; type?: string } | { kind: 'edge'; index: number } | { kind: 'flow' }; field: string; message: string };

const parts = (path: Issue['path']) => (Array.isArray(path) ? path.map(String) : path.split(/[.[\]]+/).filter(Boolean));

export function nameIssues(issues: readonly Issue[], sentNodes: readonly { id?: unknown; type?: unknown }[]): NamedIssue[] {
  return issues.map((issue) => {
    const [head, index, ...rest] = parts(issue.path);
    const i = Number(index);
    if (head === 'nodes' && Number.isInteger(i)) {
      const n = sentNodes[i];
      return { where: { kind: 'node', index: i, id: typeof n?.id === 'string' ? n.id : undefined, type: typeof n?.type === 'string' ? n.type : undefined }, field: rest.join('.'), message: issue.message };
    }
    if ((head === 'connections' || head === 'edges') && Number.isInteger(i)) return { where: { kind: 'edge', index: i }, field: rest.join('.'), message: issue.message };
    return { where: { kind: 'flow' }, field: [head, index, ...rest].filter((p) => p !== undefined).join('.'), message: issue.message };
  });
}

/** The nodes of an import file, when it parses (to name its issues); none otherwise. */
export function fileNodes(text: string): { id?: unknown; type?: unknown }[] {
  try {
    const doc = JSON.parse(text) as { nodes?: unknown; flow?: { nodes?: unknown } };
    const nodes = Array.isArray(doc.nodes) ? doc.nodes : Array.isArray(doc.flow?.nodes) ? doc.flow.nodes : [];
    return nodes.filter((n): n is { id?: unknown; type?: unknown } => typeof n === 'object' && n !== null);
  } catch {
    return [];
  }
}
