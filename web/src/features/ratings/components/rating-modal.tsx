import { useEffect, useState, type FormEvent } from 'react';
import { Button, SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import type { RatingView } from '@conversa/shared/schemas/ratings';
import { Modal, FormFooter } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useSaveRating } from '../api/save-rating';
import { buildRatingBody, emptyRatingForm, formFromRating, newOptionRow, nextOptionValue, type RatingFormErrors, type RatingFormValues } from '../lib/rating-form';

type Props = {
  open: boolean;
  /** Undefined = add. */
  rating?: RatingView;
  onClose(): void;
};

/** Add / edit a rating (spec 3 "Ratings list", §3, §5): name, message, geral and the options. */
export function RatingModal({ open, rating, onClose }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<RatingFormValues>(emptyRatingForm);
  const [errors, setErrors] = useState<RatingFormErrors>({});

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setValues(rating ? formFromRating(rating) : emptyRatingForm());
  }, [open, rating]);

  const save = useSaveRating({
    onSuccess: () => {
      toast.success(t('ratings.saved'));
      onClose();
    },
  });

  const set = <K extends keyof RatingFormValues>(field: K, value: RatingFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const setRow = (i: number, patch: { name?: string; value?: string }) => setValues((v) => ({ ...v, options: v.options.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const removeRow = (i: number) => setValues((v) => ({ ...v, options: v.options.filter((_, j) => j !== i) }));
  const addRow = () => setValues((v) => ({ ...v, options: [...v.options, newOptionRow('', nextOptionValue(v.options))] }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildRatingBody(values);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate({ id: rating?.id, body: r.body });
  };

  const err = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <Modal
      open={open}
      title={rating ? t('ratings.modal.editTitle') : t('ratings.modal.addTitle')}
      onClose={onClose}
      footer={
        <FormFooter formId="rating-form" pending={save.isPending} onCancel={onClose} />
      }
    >
      <form id="rating-form" className="form" onSubmit={submit} noValidate>
        <TextField label={t('ratings.modal.name')} name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} hasError={Boolean(errors.name)} errorMessage={err(errors.name)} />
        <TextAreaField
          label={t('ratings.modal.message')}
          name="message"
          rows={3}
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
          hasError={Boolean(errors.message)}
          errorMessage={err(errors.message)}
          descriptiveText={t('ratings.modal.messageHint')}
        />
        <SwitchField label={t('ratings.modal.geral')} name="geral" isChecked={values.geral} onChange={(e) => set('geral', e.target.checked)} />
        <p className="rating-form__hint">{t('ratings.modal.geralHint')}</p>
        <fieldset className="rating-options" aria-describedby="rating-options-hint">
          <legend>{t('ratings.modal.options')}</legend>
          <p id="rating-options-hint" className="rating-form__hint">{t('ratings.modal.optionsHint')}</p>
          {values.options.length > 0 ? (
            <div className="rating-options__row rating-options__head" aria-hidden>
              <span>{t('ratings.modal.optionName')}</span>
              <span>{t('ratings.modal.optionValue')}</span>
            </div>
          ) : null}
          {values.options.map((row, i) => (
            <div className="rating-options__row" key={row.key} data-testid={`rating-option-${i}`}>
              <TextField
                label={t('ratings.modal.optionName')}
                labelHidden
                size="small"
                value={row.name}
                onChange={(e) => setRow(i, { name: e.target.value })}
                hasError={Boolean(errors.rows?.[i]?.name)}
                errorMessage={err(errors.rows?.[i]?.name)}
              />
              <TextField
                label={t('ratings.modal.optionValue')}
                labelHidden
                size="small"
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                value={row.value}
                onChange={(e) => setRow(i, { value: e.target.value })}
                hasError={Boolean(errors.rows?.[i]?.value)}
                errorMessage={err(errors.rows?.[i]?.value)}
                className="rating-options__value"
              />
              <button
                type="button"
                className="icon-button icon-button--danger rating-options__remove"
                aria-label={t('ratings.modal.removeOption', { n: i + 1 })}
                title={t('ratings.modal.removeOption', { n: i + 1 })}
                onClick={() => removeRow(i)}
              >
                <Trash2 size={18} aria-hidden />
              </button>
            </div>
          ))}
          {errors.options ? (
            <p className="field-error" role="alert">
              {t(errors.options)}
            </p>
          ) : null}
          <Button size="small" variation="link" gap="0.3rem" onClick={addRow} isDisabled={values.options.length >= 10}>
            <Plus size={16} aria-hidden />
            {t('ratings.modal.addOption')}
          </Button>
        </fieldset>
      </form>
    </Modal>
  );
}
