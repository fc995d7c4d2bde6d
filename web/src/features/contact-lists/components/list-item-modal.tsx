import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ContactListItemFields, type ContactListItemView } from '@conversa/shared/schemas/contact-lists';
import { Modal, FormFooter } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useSaveListItem, type ItemFields } from '../api/save-list-item';

type Props = { open: boolean; contactListId: number; item?: ContactListItemView; onClose(): void };
type Field = keyof ItemFields;
const FIELDS: readonly Field[] = ['name', 'number', 'email', 'empresa'];
const empty: ItemFields = { name: '', number: '', email: '', empresa: '' };

/** Add / edit a list's contact (spec 3 §5: name 2 to 50 required, number 8 to 50, a valid e-mail). */
export function ListItemModal({ open, contactListId, item, onClose }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ItemFields>(empty);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  useEffect(() => {
    if (!open) return;
    setValues(item ? { name: item.name, number: item.number, email: item.email, empresa: item.empresa } : empty);
    setErrors({});
  }, [open, item]);
  const save = useSaveListItem({
    onSuccess: () => {
      toast.success(t('contactLists.items.saved'));
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ContactListItemFields, values, ['name', 'number']);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate({ id: item?.id, contactListId, body: r.data });
  };
  return (
    <Modal
      open={open}
      title={item ? t('contactLists.items.modal.editTitle') : t('contactLists.items.modal.addTitle')}
      onClose={onClose}
      footer={
        <FormFooter formId="list-item-form" pending={save.isPending} onCancel={onClose} />
      }
    >
      <form id="list-item-form" className="form" onSubmit={submit} noValidate>
        {FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(`contactLists.items.modal.${f}`)}
            name={f}
            type={f === 'email' ? 'email' : 'text'}
            inputMode={f === 'number' ? 'tel' : undefined}
            autoComplete="off"
            value={values[f]}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            hasError={Boolean(errors[f])}
            errorMessage={errors[f] ? t(errors[f]!) : undefined}
          />
        ))}
      </form>
    </Modal>
  );
}
