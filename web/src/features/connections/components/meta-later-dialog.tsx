import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { LaterNotice } from '../../../components/ui/later-notice';

type Props = { channel: 'facebook' | 'instagram' | undefined; onClose(): void };

/** Facebook / Instagram: the Meta login is not built yet, and nothing pretends it is. */
export function MetaLaterDialog({ channel, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={channel !== undefined}
      title={channel ? t(`connections.menu.${channel}`) : ''}
      onClose={onClose}
      size="small"
      footer={
        <Button variation="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <LaterNotice message={t('connections.metaLater')} />
    </Modal>
  );
}
