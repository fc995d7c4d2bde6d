import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { QrCode, RefreshCw, Unplug } from 'lucide-react';
import type { Connection } from '../lib/connection';
import { sessionButtons } from '../lib/session-buttons';

export type SessionAction = 'qrcode' | 'tryAgain' | 'newQr' | 'disconnect';

type Props = { connection: Connection; busy: boolean; onAction(action: SessionAction, c: Connection): void };

/** The session column (spec 2 §4): the buttons that fit the status. */
export function SessionCell({ connection: c, busy, onAction }: Props) {
  const { t } = useTranslation();
  const buttons = sessionButtons(c.status, c.channel);
  if (buttons.length === 0) return <span className="muted">—</span>;
  return (
    <div className="session-buttons">
      {buttons.map((b) => {
        switch (b) {
          case 'qrcode':
            return (
              <Button key={b} size="small" variation="primary" gap="0.35rem" onClick={() => onAction('qrcode', c)}>
                <QrCode size={15} aria-hidden />
                {t('connections.session.qrcode')}
              </Button>
            );
          case 'tryAgain':
            return (
              <Button key={b} size="small" gap="0.35rem" isDisabled={busy} onClick={() => onAction('tryAgain', c)}>
                <RefreshCw size={15} aria-hidden />
                {t('connections.session.tryAgain')}
              </Button>
            );
          case 'newQr':
            return (
              <Button key={b} size="small" variation="primary" gap="0.35rem" isDisabled={busy} onClick={() => onAction('newQr', c)}>
                <QrCode size={15} aria-hidden />
                {t('connections.session.newQr')}
              </Button>
            );
          case 'disconnect':
            return (
              <Button key={b} size="small" colorTheme="error" gap="0.35rem" isDisabled={busy} onClick={() => onAction('disconnect', c)}>
                <Unplug size={15} aria-hidden />
                {t('connections.session.disconnect')}
              </Button>
            );
          case 'connecting':
            return (
              <Button key={b} size="small" isDisabled gap="0.4rem">
                <Loader size="small" />
                {t('connections.session.connecting')}
              </Button>
            );
        }
      })}
    </div>
  );
}
