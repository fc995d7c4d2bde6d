import { useEffect, useState } from 'react';
import { Button, SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { allowedQueues, useQueues } from '../../../lib/queues';

type Props = {
  open: boolean;
  contactName: string;
  /** The queues of the signed-in user, named from GET /queue. */
  queueIds: number[];
  busy: boolean;
  onChoose(queueId: number): void;
  onClose(): void;
};

/** A new ticket needs a queue unless the user is an admin (spec 1 §5 'Selecione uma fila'). */
export function QueueDialog({ open, contactName, queueIds, busy, onChoose, onClose }: Props) {
  const { t } = useTranslation();
  const [queueId, setQueueId] = useState('');
  const [error, setError] = useState(false);
  const all = useQueues(open);
  const mine = allowedQueues(all.data ?? [], queueIds);
  useEffect(() => {
    if (open) {
      setQueueId(queueIds.length === 1 ? String(queueIds[0]) : '');
      setError(false);
    }
  }, [open, queueIds]);

  const submit = () => {
    if (!queueId) return setError(true);
    onChoose(Number(queueId));
  };

  return (
    <Modal
      open={open}
      size="small"
      title={t('contacts.chat.queueTitle', { name: contactName })}
      onClose={onClose}
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variation="primary" onClick={submit} isLoading={busy} isDisabled={queueIds.length === 0}>
            {t('contacts.chat.start')}
          </Button>
        </>
      }
    >
      {queueIds.length === 0 ? (
        <p className="confirm-text" role="alert">{t('contacts.chat.noQueues')}</p>
      ) : (
        <SelectField
          label={t('contacts.chat.queue')}
          value={queueId}
          onChange={(e) => {
            setQueueId(e.target.value);
            setError(false);
          }}
          hasError={error}
          errorMessage={t('contacts.chat.chooseQueue')}
        >
          <option value="">{t('contacts.chat.queuePlaceholder')}</option>
          {mine.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </SelectField>
      )}
    </Modal>
  );
}
