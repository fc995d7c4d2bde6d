import { Badge } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Smartphone } from 'lucide-react';
import type { ConnectionStatus } from '@conversa/shared/channels';
import { formatDateTimeShort } from '../../../lib/format';
import { useConnections } from '../api/get-connections';
import type { Connection } from '../lib/connection';
import { ChannelIcon } from './channel-icon';
import { SessionCell, type SessionAction } from './session-cell';
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
  const rows = list.data;
  return (
    <div className="table-scroll">
      <table className="data-table connections-table">
        <thead>
          <tr>
            <th scope="col" className="col-channel">{t('connections.col.channel')}</th>
            <th scope="col">{t('connections.col.name')}</th>
            <th scope="col">{t('connections.col.number')}</th>
            <th scope="col">{t('connections.col.status')}</th>
            <th scope="col">{t('connections.col.session')}</th>
            <th scope="col">{t('connections.col.updatedAt')}</th>
            <th scope="col" className="col-default">{t('connections.col.default')}</th>
            <th scope="col" className="col-actions">{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={8} className="data-table__empty">
                {t('connections.empty')}
              </td>
            </tr>
          ) : (
            rows.map((c) => (
              <tr key={c.id} data-testid={`connection-${c.id}`} data-status={c.status}>
                <td className="col-channel" data-label={t('connections.col.channel')}>
                  <ChannelIcon channel={c.channel} />
                </td>
                <td className="cell-strong" data-label={t('connections.col.name')}>
                  {c.name}
                </td>
                <td data-label={t('connections.col.number')}>{c.number || <span className="muted">—</span>}</td>
                <td data-label={t('connections.col.status')}>
                  <Badge size="small" variation={STATUS_VARIATION[c.status]} title={c.reason || undefined}>
                    {t(`connections.status.${c.status}`)}
                  </Badge>
                </td>
                <td className="col-session" data-label={t('connections.col.session')}>
                  <SessionCell connection={c} busy={busyId === c.id} onAction={onSession} />
                </td>
                <td className="cell-nowrap" data-label={t('connections.col.updatedAt')}>
                  {formatDateTimeShort(c.updatedAt)}
                </td>
                <td className="col-default" data-label={t('connections.col.default')}>
                  {c.isDefault ? (
                    <span className="default-check" role="img" aria-label={t('connections.isDefault')} title={t('connections.isDefault')}>
                      <CheckCircle2 size={20} aria-hidden />
                    </span>
                  ) : null}
                </td>
                <td className="col-actions">
                  {c.channel === 'sandbox' ? (
                    <button type="button" className="icon-button" aria-label={t('connections.sandbox.open', { name: c.name })} title={t('connections.sandbox.action')} onClick={() => onSandbox(c)}>
                      <Smartphone size={18} aria-hidden />
                    </button>
                  ) : null}
                  <EditDeleteButtons editLabel={t('connections.edit', { name: c.name })} deleteLabel={t('connections.delete', { name: c.name })} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
