import { useEffect, useState } from 'react';
import { Button, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { MessageView } from '@conversa/shared/schemas/messages';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useEditMessage } from '../api/edit-message';

type Props = { message: MessageView | null; onClose(): void };

/** 'Editar mensagem': own text messages, the new text must not be empty (spec 1 §5). */
export function EditMessageModal({ message, onClose }: Props) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [touched, setTouched] = useState(false);
  const edit = useEditMessage({
    onSuccess: () => {
      toast.success(t('chat.edit.saved'));
      onClose();
    },
  });
  useEffect(() => {
    setBody(message?.body ?? '');
    setTouched(false);
  }, [message]);
  const empty = body.trim().length === 0;
  const save = () => {
    setTouched(true);
    if (!message || empty || body.trim() === message.body.trim()) return empty ? undefined : onClose();
    edit.mutate({ message, body: body.trim() });
  };
  return (
    <Modal
      open={message !== null}
      title={t('chat.edit.title')}
      onClose={onClose}
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={edit.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variation="primary" onClick={save} isLoading={edit.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t('chat.edit.label')}
        value={body}
        rows={4}
        maxLength={4096}
        autoFocus
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            save();
          }
        }}
        hasError={touched && empty}
        errorMessage={t('chat.edit.required')}
      />
    </Modal>
  );
}
