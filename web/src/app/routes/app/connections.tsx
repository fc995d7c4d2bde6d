import { useCallback, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Headset, RotateCw } from 'lucide-react';
import '../../../styles/connections.css';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { supportChatUrl } from '../../../config/env';
import { useDeleteConnection } from '../../../features/connections/api/delete-connection';
import { useDisconnectSession } from '../../../features/connections/api/disconnect-session';
import { useConnections } from '../../../lib/get-connections';
import { useRequestNewQr } from '../../../features/connections/api/request-new-qr';
import { useRestartConnections } from '../../../features/connections/api/restart-connections';
import { useStartSession } from '../../../features/connections/api/start-session';
import { ConnectionModal, type ConnectionModalState } from '../../../features/connections/components/connection-modal';
import { ConnectionsTable } from '../../../features/connections/components/connections-table';
import { MetaLaterDialog } from '../../../features/connections/components/meta-later-dialog';
import { NewConnectionMenu } from '../../../features/connections/components/new-connection-menu';
import { QrDialog } from '../../../features/connections/components/qr-dialog';
import { SandboxPhone } from '../../../features/connections/components/sandbox-phone';
import type { SessionAction } from '../../../features/connections/components/session-cell';
import { useAutoConnection } from '../../../features/connections/hooks/use-auto-connection';
import { autoFlag } from '../../../features/connections/lib/auto-behaviour';
import type { Connection } from '../../../features/connections/lib/connection';
import type { NewConnectionKind } from '../../../features/connections/lib/new-connection-menu';
import { useUser } from '../../../lib/auth';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';

/**
 * Spec 2 "Connections list". The list stays live through useConnectionsRealtime, which the
 * layout runs for admins (it also feeds the drawer's attention badge).
 */
export default function ConnectionsRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const location = useLocation();
  const list = useConnections();
  const connections = list.data;
  const byId = (id: number | undefined) => (id === undefined ? undefined : connections?.find((c) => c.id === id));

  const [modal, setModal] = useState<ConnectionModalState>({ open: false });
  const [qrId, setQrId] = useState<number>();
  const [sandboxId, setSandboxId] = useState<number>();
  const [meta, setMeta] = useState<'facebook' | 'instagram'>();
  const [toDelete, setToDelete] = useState<Connection>();
  const [toDisconnect, setToDisconnect] = useState<Connection>();
  const [busyId, setBusyId] = useState<number>();

  const settle = { onSettled: () => setBusyId(undefined) };
  const start = useStartSession();
  const newQr = useRequestNewQr();
  const disconnect = useDisconnectSession({ onSuccess: () => setToDisconnect(undefined) });
  const del = useDeleteConnection({
    onSuccess: () => {
      toast.success(t('connections.deleted'));
      setToDelete(undefined);
    },
  });
  const restart = useRestartConnections({ onSuccess: () => toast.info(t('connections.restarting')) });

  const closeQr = useCallback(() => setQrId(undefined), []);
  const openQr = useCallback((id: number) => setQrId(id), []);
  const dialogOpen = modal.open || qrId !== undefined || sandboxId !== undefined || meta !== undefined || toDelete !== undefined || toDisconnect !== undefined;
  useAutoConnection({ auto: autoFlag(location.search, readStorage(STORAGE_KEYS.auto)), connections, dialogOpen, openQr });

  const onSession = (action: SessionAction, c: Connection) => {
    if (action === 'qrcode') return setQrId(c.id);
    if (action === 'disconnect') return setToDisconnect(c);
    setBusyId(c.id);
    if (action === 'tryAgain') start.mutate(c.id, settle);
    else newQr.mutate(c.id, { onSuccess: () => setQrId(c.id), ...settle });
  };

  const onPick = (kind: NewConnectionKind) => {
    if (kind === 'facebook' || kind === 'instagram') setMeta(kind);
    else setModal({ open: true, mode: 'create', channel: kind });
  };

  const support = supportChatUrl();
  return (
    <ContentLayout
      title={t('connections.title', { count: connections?.length ?? 0 })}
      fill
      actions={
        <>
          <Button size="small" gap="0.4rem" onClick={() => restart.mutate()} isLoading={restart.isPending}>
            <RotateCw size={16} aria-hidden />
            {t('connections.restart')}
          </Button>
          {support ? (
            <Button as="a" size="small" gap="0.4rem" href={support} target="_blank" rel="noopener noreferrer">
              <Headset size={16} aria-hidden />
              {t('connections.support')}
            </Button>
          ) : null}
          <NewConnectionMenu plan={user.company.plan} onPick={onPick} />
        </>
      }
    >
      <div className="card card--fill">
        <ConnectionsTable
          busyId={busyId}
          onSession={onSession}
          onEdit={(c) => setModal({ open: true, mode: 'edit', id: c.id })}
          onDelete={setToDelete}
          onSandbox={(c) => setSandboxId(c.id)}
        />
      </div>
      <ConnectionModal state={modal} onClose={() => setModal({ open: false })} />
      <QrDialog connection={byId(qrId)} onClose={closeQr} />
      <SandboxPhone connection={byId(sandboxId)} onClose={() => setSandboxId(undefined)} />
      <MetaLaterDialog channel={meta} onClose={() => setMeta(undefined)} />
      <ConfirmDialog
        open={toDisconnect !== undefined}
        title={t('connections.disconnectTitle', { name: toDisconnect?.name ?? '' })}
        confirmLabel={t('connections.session.disconnect')}
        danger
        busy={disconnect.isPending}
        onClose={() => setToDisconnect(undefined)}
        onConfirm={() => toDisconnect && disconnect.mutate(toDisconnect.id)}
      >
        {t('connections.disconnectMessage')}
      </ConfirmDialog>
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('connections.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('connections.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
