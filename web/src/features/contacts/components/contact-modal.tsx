import { useEffect, useState, type FormEvent } from 'react';
import { Button, Loader, SwitchField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { MessageCircle, Plus, Trash2 } from 'lucide-react';
import type { ContactView } from '@conversa/shared/schemas/contacts';
import { Modal } from '../../../components/ui/modal';
import { useContact } from '../../../lib/get-contact';
import { toast } from '../../../lib/toast';
import { useCreateContact } from '../api/create-contact';
import { useUpdateContact } from '../api/update-contact';
import { useContactChat } from '../hooks/use-contact-chat';
import {
  buildContactBody,
  emptyContactForm,
  formFromContact,
  newExtraRow,
  sameForm,
  type ContactFormErrors,
  type ContactFormValues,
} from '../lib/contact-form';
import { QueueDialog } from './queue-dialog';
import '../../../styles/contacts.css';

type Props = {
  open: boolean;
  /** Undefined = add. */
  contactId?: number;
  /** Pre-fills the number of a new contact. */
  initialNumber?: string;
  onClose: () => void;
  onSaved?: (c: ContactView) => void;
};

type Field = Exclude<keyof ContactFormValues, 'extraInfo'>;

/**
 * Add / edit a contact (spec 1 §5 "Contact popup"): Chat is disabled until the contact exists with
 * a number; Save is disabled once it exists with nothing changed. A new contact stays open after
 * Save so Chat can start its ticket; an edit closes.
 */
export function ContactModal({ open, contactId, initialNumber, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [savedId, setSavedId] = useState<number | undefined>(contactId);
  const detail = useContact(open ? savedId : undefined);
  const [values, setValues] = useState<ContactFormValues>(() => emptyContactForm(initialNumber));
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const chat = useContactChat();

  useEffect(() => {
    if (open) setSavedId(contactId);
  }, [open, contactId]);

  const saved = savedId !== undefined ? detail.data : undefined;
  useEffect(() => {
    if (!open) return;
    setErrors({});
    setValues(savedId === undefined ? emptyContactForm(initialNumber) : saved ? formFromContact(saved) : emptyContactForm());
  }, [open, savedId, saved, initialNumber]);

  const create = useCreateContact({
    onSuccess: (c) => {
      toast.success(t('contacts.modal.saved'));
      setSavedId(c.id);
      onSaved?.(c);
    },
  });
  const update = useUpdateContact({
    onSuccess: (c) => {
      toast.success(t('contacts.modal.saved'));
      onSaved?.(c);
      onClose();
    },
  });
  const busy = create.isPending || update.isPending;

  const set = <K extends Field>(field: K, value: ContactFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const err = (f: Field) => (errors[f] ? t(errors[f]) : undefined);
  const setRow = (i: number, patch: { name?: string; value?: string }) =>
    setValues((v) => ({ ...v, extraInfo: v.extraInfo.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildContactBody(values);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    if (savedId === undefined) create.mutate(r.body);
    else update.mutate({ id: savedId, body: r.body });
  };

  const loading = savedId !== undefined && detail.isPending;
  const unchanged = saved !== undefined && sameForm(values, formFromContact(saved));
  const canChat = saved !== undefined && saved.number !== '' && !saved.isGroup;
  const title = contactId === undefined && savedId === undefined ? t('contacts.modal.addTitle') : t('contacts.modal.editTitle');

  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={busy}>
            {t('common.close')}
          </Button>
          <Button
            gap="0.4rem"
            onClick={() => saved && void chat.start(saved)}
            isDisabled={!canChat || busy}
            isLoading={chat.busy}
            title={canChat ? undefined : t('contacts.modal.chatHint')}
          >
            <MessageCircle size={16} aria-hidden />
            {t('contacts.modal.chat')}
          </Button>
          <Button type="submit" form="contact-form" variation="primary" isLoading={busy} isDisabled={loading || unchanged}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      {loading ? (
        <div className="modal__loading">
          <Loader size="large" />
        </div>
      ) : (
        <form id="contact-form" className="form" onSubmit={submit} noValidate>
          <div className="form__grid">
            <TextField label={t('contacts.modal.name')} name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} hasError={Boolean(errors.name)} errorMessage={err('name')} />
            <TextField label={t('contacts.modal.number')} name="number" type="tel" inputMode="tel" autoComplete="off" placeholder="5511999999999" value={values.number} onChange={(e) => set('number', e.target.value)} hasError={Boolean(errors.number)} errorMessage={err('number')} descriptiveText={t('contacts.modal.numberHint')} />
            <TextField label={t('contacts.modal.email')} name="email" type="email" autoComplete="off" value={values.email} onChange={(e) => set('email', e.target.value)} hasError={Boolean(errors.email)} errorMessage={err('email')} />
            <TextField label={t('contacts.modal.empresa')} name="empresa" autoComplete="off" value={values.empresa} onChange={(e) => set('empresa', e.target.value)} hasError={Boolean(errors.empresa)} errorMessage={err('empresa')} />
          </div>
          <div className="contact-switches">
            <SwitchField label={t('contacts.modal.disableBot')} name="disableBot" isChecked={values.disableBot} onChange={(e) => set('disableBot', e.target.checked)} />
            <SwitchField label={t('contacts.modal.acceptAudio')} name="acceptAudioMessage" isChecked={values.acceptAudioMessage} onChange={(e) => set('acceptAudioMessage', e.target.checked)} />
          </div>
          <fieldset className="extra-info">
            <legend>{t('contacts.modal.extraInfo')}</legend>
            {values.extraInfo.length === 0 ? <p className="extra-info__empty">{t('contacts.modal.extraInfoEmpty')}</p> : null}
            {values.extraInfo.map((row, i) => (
              <div className="extra-info__row" key={row.key}>
                <TextField label={t('contacts.modal.extraName')} size="small" value={row.name} onChange={(e) => setRow(i, { name: e.target.value })} hasError={Boolean(errors.extraInfoRows?.[i])} errorMessage={errors.extraInfoRows?.[i] ? t(errors.extraInfoRows[i]) : undefined} />
                <TextField label={t('contacts.modal.extraValue')} size="small" value={row.value} onChange={(e) => setRow(i, { value: e.target.value })} />
                <button
                  type="button"
                  className="icon-button icon-button--danger extra-info__remove"
                  aria-label={t('contacts.modal.removeExtra')}
                  title={t('contacts.modal.removeExtra')}
                  onClick={() => setValues((v) => ({ ...v, extraInfo: v.extraInfo.filter((_, j) => j !== i) }))}
                >
                  <Trash2 size={18} aria-hidden />
                </button>
              </div>
            ))}
            <Button size="small" variation="link" gap="0.3rem" onClick={() => setValues((v) => ({ ...v, extraInfo: [...v.extraInfo, newExtraRow()] }))}>
              <Plus size={16} aria-hidden />
              {t('contacts.modal.addExtra')}
            </Button>
          </fieldset>
        </form>
      )}
      <QueueDialog
        open={chat.queueFor !== undefined}
        contactName={chat.queueFor?.name ?? ''}
        queueIds={chat.queueIds}
        busy={chat.busy}
        onChoose={chat.chooseQueue}
        onClose={chat.cancelQueue}
      />
    </Modal>
  );
}
