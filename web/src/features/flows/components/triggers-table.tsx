import { useTranslation } from 'react-i18next';
import type { FlowTriggerView, FlowView } from '@conversa/shared/schemas/flows';
import type { ConnectionView } from '@conversa/shared/channels';
import { DataTable } from '../../../components/ui/data-table';
import { EditDeleteButtons } from '../../../components/ui/row-actions';

type Props = { triggers: readonly FlowTriggerView[]; flows: readonly FlowView[]; connections: readonly ConnectionView[]; onEdit(t: FlowTriggerView): void; onDelete(t: FlowTriggerView): void };

/** The phrase triggers: name, phrase, match, flow, connection, status. */
export function TriggersTable({ triggers, flows, connections, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const flowName = (id: number) => flows.find((f) => f.id === id)?.name ?? `#${id}`;
  const connName = (id: number) => connections.find((c) => c.id === id)?.name ?? `#${id}`;
  return (
    <DataTable
      className="flow-triggers-table"
      rows={triggers}
      rowKey={(x) => x.id}
      rowAttrs={(x) => ({ 'data-testid': `trigger-${x.id}` })}
      empty={t('flows.triggers.empty')}
      columns={[
        { key: 'name', header: t('flows.triggers.col.name'), cellClassName: 'cell-strong cell-wrap', cell: (x) => x.name },
        { key: 'phrase', header: t('flows.triggers.col.phrase'), cellClassName: 'cell-wrap', cell: (x) => <q>{x.phrase}</q> },
        { key: 'match', header: t('flows.triggers.col.match'), cell: (x) => (x.matchType === 'exact' ? t('flows.triggers.exact') : t('flows.triggers.partial')) },
        { key: 'flow', header: t('flows.triggers.col.flow'), cellClassName: 'cell-wrap', cell: (x) => flowName(x.flowId) },
        { key: 'connection', header: t('flows.triggers.col.connection'), cellClassName: 'cell-wrap', cell: (x) => connName(x.whatsappId) },
        { key: 'status', header: t('flows.triggers.col.status'), cell: (x) => <span className={`flow-status flow-status--${x.status ? 'on' : 'off'}`}>{x.status ? t('flows.triggers.active') : t('flows.triggers.inactive')}</span> },
        { key: 'actions', header: t('flows.list.col.actions'), className: 'col-actions', label: false, cell: (x) => <EditDeleteButtons editLabel={t('flows.triggers.edit', { name: x.name })} deleteLabel={t('flows.triggers.remove', { name: x.name })} onEdit={() => onEdit(x)} onDelete={() => onDelete(x)} /> },
      ]}
    />
  );
}
