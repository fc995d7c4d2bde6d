import { useTranslation } from 'react-i18next';
import { Pencil, Trash2 } from 'lucide-react';

type Props = { editLabel: string; deleteLabel: string; onEdit(): void; onDelete(): void };

/** A table row's edit and delete buttons (the labels name the row for screen readers). */
export function EditDeleteButtons({ editLabel, deleteLabel, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="icon-button" aria-label={editLabel} title={t('common.edit')} onClick={onEdit}>
        <Pencil size={18} aria-hidden />
      </button>
      <button type="button" className="icon-button icon-button--danger" aria-label={deleteLabel} title={t('common.delete')} onClick={onDelete}>
        <Trash2 size={18} aria-hidden />
      </button>
    </>
  );
}
