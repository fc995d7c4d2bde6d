import { TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { isHexColor } from '../lib/queue-form';

/** Swatches that read on light and dark surfaces alike (no palette exists in settings yet). */
export const QUEUE_SWATCHES = [
  '#0B7A75', '#1565C0', '#2E7D32', '#6A1B9A', '#AD1457', '#C62828', '#EF6C00', '#F9A825',
  '#00838F', '#283593', '#558B2F', '#4E342E', '#37474F', '#D81B60', '#5E35B1', '#00897B',
] as const;

type Props = { value: string; error?: string; onChange(color: string): void };

/** A queue's colour (3–9 characters, a hex colour): a text field, the browser's picker and swatches. */
export function ColorField({ value, error, onChange }: Props) {
  const { t } = useTranslation();
  const picker = isHexColor(value) && value.length === 7 ? value : '#000000';
  return (
    <div className="color-field">
      <TextField
        label={t('queues.modal.color')}
        name="color"
        autoComplete="off"
        maxLength={9}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        hasError={Boolean(error)}
        errorMessage={error}
        innerStartComponent={<span className="queue-swatch queue-swatch--inline" style={{ background: isHexColor(value) ? value : 'transparent' }} aria-hidden />}
        outerEndComponent={
          <label className="color-field__picker" title={t('queues.modal.colorPick')}>
            <span className="visually-hidden">{t('queues.modal.colorPick')}</span>
            <input type="color" value={picker} onChange={(e) => onChange(e.target.value.toUpperCase())} />
          </label>
        }
      />
      <div className="color-field__swatches" role="group" aria-label={t('queues.modal.swatches')}>
        {QUEUE_SWATCHES.map((c) => (
          <button
            key={c}
            type="button"
            className={`queue-swatch queue-swatch--button${c.toLowerCase() === value.trim().toLowerCase() ? ' is-selected' : ''}`}
            style={{ background: c }}
            aria-label={t('queues.colorOf', { color: c })}
            aria-pressed={c.toLowerCase() === value.trim().toLowerCase()}
            onClick={() => onChange(c)}
          />
        ))}
      </div>
    </div>
  );
}
