import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Smartphone } from 'lucide-react';
import type { ConnectionStatus } from '@conversa/shared/channels';
import { formatDateTimeShort } from '../../../lib/format';
import { useConnections } from '../../../lib/get-connections';
import type { Connection } from '../lib/connection';
import { ChannelIcon } from './channel-icon';
import { SessionCell, type SessionAction } from './session-cell';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { EditDeleteButtons } from '../../../components/ui/row-actions';

const STATUS_VARIATION: Record<ConnectionStatus, 'success' | 'warning' | 'error' | 'info'> = {
  CONNECTED: 'success',
  qrcode: 'info',
  OPENING: 'info',
  PAIRING: 'warning',
  TIMEOUT: 'warning',
  DISCONNECTED: 'error',
};

type Props = {
  busyId: number | undefined;
  onSession(action: SessionAction, c: Connection): void;
  onEdit(c: Connection): void;
  onDelete(c: Connection): void;
  onSandbox(c: Connection): void;
};

/** Spec 2 "Connections list": channel, name, number, status, session, last update, default, actions. */
export function ConnectionsTable({ busyId, onSession, onEdit, onDelete, onSandbox }: Props) {
  const { t } = useTranslation();
  const list = useConnections();
  if (list.isPending || list.isError) return <LoadState query={list} />;
  return (
    <div className="table-scroll">
      <DataTable
        className="connections-table"
        rows={list.data}
        rowKey={(c) => c.id}
        rowAttrs={(c) => ({ 'data-testid': `connection-${c.id}`, 'data-status': c.status })}
        empty={t('connections.empty')}
        columns={[
          { key: 'channel', header: t('connections.col.channel'), className: 'col-channel', cell: (c) => <ChannelIcon channel={c.channel} /> },
          { key: 'name', header: t('connections.col.name'), cellClassName: 'cell-strong', cell: (c) => c.name },
          { key: 'number', header: t('connections.col.number'), cell: (c) => c.number || <span className="muted">—</span> },
          {
            key: 'status',
            header: t('connections.col.status'),
            cell: (c) => (
              <Badge size="small" variation={STATUS_VARIATION[c.status]} title={c.reason || undefined}>
                {t(`connections.status.${c.status}`)}
              </Badge>
            ),
          },
          { key: 'session', header: t('connections.col.session'), cellClassName: 'col-session', cell: (c) => <SessionCell connection={c} busy={busyId === c.id} onAction={onSession} /> },
          { key: 'updatedAt', header: t('connections.col.updatedAt'), cellClassName: 'cell-nowrap', cell: (c) => formatDateTimeShort(c.updatedAt) },
          {
            key: 'default',
            header: t('connections.col.default'),
            className: 'col-default',
            cell: (c) =>
              c.isDefault ? (
                <span className="default-check" role="img" aria-label={t('connections.isDefault')} title={t('connections.isDefault')}>
                  <CheckCircle2 size={20} aria-hidden />
                </span>
              ) : null,
          },
          {
            key: 'actions',
            header: t('common.actions'),
            className: 'col-actions',
            label: false,
            cell: (c) => (
              <>
                {c.channel === 'sandbox' ? (
                  <button type="button" className="icon-button" aria-label={t('connections.sandbox.open', { name: c.name })} title={t('connections.sandbox.action')} onClick={() => onSandbox(c)}>
                    <Smartphone size={18} aria-hidden />
                  </button>
                ) : null}
                <EditDeleteButtons editLabel={t('connections.edit', { name: c.name })} deleteLabel={t('connections.delete', { name: c.name })} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
