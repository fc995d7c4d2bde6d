import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ContactListBody, type ContactListView } from '@conversa/shared/schemas/contact-lists';
import { Modal, FormFooter } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { validate } from '../../../lib/validation';
import { useSaveContactList } from '../api/save-contact-list';

type Props = { open: boolean; list?: ContactListView; onClose(): void };

/** Add / rename a contact list (spec 3 §5: name 2 to 50). */
export function ContactListModal({ open, list, onClose }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!open) return;
    setName(list?.name ?? '');
    setError(undefined);
  }, [open, list]);
  const save = useSaveContactList({
    onSuccess: () => {
      toast.success(t('contactLists.saved'));
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ContactListBody, { name }, ['name']);
    if (!r.ok) return setError(r.errors.name);
    setError(undefined);
    save.mutate({ id: list?.id, body: r.data });
  };
  return (
    <Modal
      open={open}
      title={list ? t('contactLists.modal.editTitle') : t('contactLists.modal.addTitle')}
      onClose={onClose}
      footer={
        <FormFooter formId="contact-list-form" pending={save.isPending} onCancel={onClose} />
      }
    >
      <form id="contact-list-form" className="form" onSubmit={submit} noValidate>
        <TextField label={t('contactLists.modal.name')} name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} hasError={Boolean(error)} errorMessage={error ? t(error) : undefined} />
      </form>
    </Modal>
  );
}
