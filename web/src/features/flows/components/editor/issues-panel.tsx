import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { NamedIssue } from '../../lib/issues';

type Props = { issues: readonly NamedIssue[]; onClose(): void; onPick(nodeId: string): void };

/** Everything the server refused in the graph, one line each; a node's line selects it on the canvas. */
export function IssuesPanel({ issues, onClose, onPick }: Props) {
  const { t } = useTranslation();
  const whereOf = (i: NamedIssue) => {
    if (i.where.kind === 'node') return t('flows.editor.nodeWhere', { label: `${i.where.type ? t(`flows.node.type.${i.where.type}`, { defaultValue: i.where.type }) : ''} #${i.where.index + 1}${i.where.id ? ` (${i.where.id.slice(0, 8)})` : ''}`.trim() });
    if (i.where.kind === 'edge') return t('flows.editor.edgeWhere', { n: i.where.index + 1 });
    return t('flows.editor.flowWhere');
  };
  return (
    <section className="flow-issues" role="alert" aria-label={t('flows.editor.invalidTitle')}>
      <header className="flow-issues__head">
        <strong>{t('flows.editor.invalidTitle')}</strong>
        <button type="button" className="icon-button" aria-label={t('flows.editor.closeIssues')} onClick={onClose}>
          <X size={16} aria-hidden />
        </button>
      </header>
      <ul>
        {issues.map((i, k) => {
          const text = t('flows.editor.issueAt', { where: whereOf(i), message: i.field ? `${i.field} — ${i.message}` : i.message });
          const id = i.where.kind === 'node' ? i.where.id : undefined;
          return <li key={k}>{id ? <button type="button" className="flow-issues__link" onClick={() => onPick(id)}>{text}</button> : text}</li>;
        })}
      </ul>
    </section>
  );
}
