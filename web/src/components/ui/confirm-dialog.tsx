import type { ReactNode } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

type Props = {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
};

export function ConfirmDialog({ open, title, children, confirmLabel, danger, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variation="primary" colorTheme={danger ? 'error' : undefined} onClick={onConfirm} isLoading={busy}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      <p className="confirm-text">{children}</p>
    </Modal>
  );
}
