import { useEffect } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ScanLine } from 'lucide-react';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useScanSandboxQr } from '../api/scan-sandbox-qr';
import type { Connection } from '../lib/connection';
import { QrImage } from '../../../components/ui/qr-image';

type Props = { connection: Connection | undefined; onClose(): void };

/**
 * The QR of a connection, redrawn whenever a new one arrives on the socket; closes itself once
 * the status is CONNECTED. Sandbox connections have no phone to scan with: a button plays it.
 */
export function QrDialog({ connection, onClose }: Props) {
  const { t } = useTranslation();
  const open = connection !== undefined;
  const status = connection?.status;
  const scan = useScanSandboxQr({ onSuccess: () => toast.info(t('connections.qr.scanSent')) });

  useEffect(() => {
    if (status === 'CONNECTED') {
      toast.success(t('connections.qr.connected'));
      onClose();
    }
  }, [status, onClose, t]);

  const showQr = connection?.status === 'qrcode' && connection.qrcode;
  return (
    <Modal
      open={open}
      title={t('connections.qr.title', { name: connection?.name ?? '' })}
      onClose={onClose}
      size="small"
      footer={
        <>
          {connection?.channel === 'sandbox' ? (
            <Button variation="primary" gap="0.4rem" onClick={() => scan.mutate({ id: connection.id, qrcode: connection.qrcode })} isLoading={scan.isPending} isDisabled={!showQr}>
              <ScanLine size={16} aria-hidden />
              {t('connections.qr.simulateScan')}
            </Button>
          ) : null}
          <Button variation="link" onClick={onClose}>
            {t('common.close')}
          </Button>
        </>
      }
    >
      <div className="qr-dialog">
        <p className="qr-dialog__hint">{connection?.channel === 'sandbox' ? t('connections.qr.sandboxHint') : t('connections.qr.hint')}</p>
        {showQr ? (
          <QrImage text={connection.qrcode} label={t('connections.qr.alt', { name: connection.name })} />
        ) : (
          <div className="qr-box" role="status">
            <Loader size="large" />
            <span>{t('connections.qr.waiting')}</span>
          </div>
        )}
      </div>
    </Modal>
  );
}
