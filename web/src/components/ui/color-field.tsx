import { TextField } from '@aws-amplify/ui-react';
import { isHexColor } from '../../lib/color';

/** Swatches that read on light and dark surfaces alike (no palette exists in settings yet). */
export const COLOR_SWATCHES = [
  '#0B7A75', '#1565C0', '#2E7D32', '#6A1B9A', '#AD1457', '#C62828', '#EF6C00', '#F9A825',
  '#00838F', '#283593', '#558B2F', '#4E342E', '#37474F', '#D81B60', '#5E35B1', '#00897B',
] as const;

type Props = {
  value: string;
  error?: string;
  onChange(color: string): void;
  /** The field's label, the browser picker's, the swatches group's and each swatch's. */
  labels: { field: string; pick: string; swatches: string; swatch(color: string): string };
};

/** A hex colour (a queue's, a tag's): a text field, the browser's picker and swatches. */
export function ColorField({ value, error, onChange, labels }: Props) {
  const picker = isHexColor(value) && value.trim().length === 7 ? value.trim() : '#000000';
  const selected = (c: string) => c.toLowerCase() === value.trim().toLowerCase();
  return (
    <div className="color-field">
      <TextField
        label={labels.field}
        name="color"
        autoComplete="off"
        maxLength={9}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        hasError={Boolean(error)}
        errorMessage={error}
        innerStartComponent={<span className="color-swatch color-swatch--inline" style={{ background: isHexColor(value) ? value : 'transparent' }} aria-hidden />}
        outerEndComponent={
          <label className="color-field__picker" title={labels.pick}>
            <span className="visually-hidden">{labels.pick}</span>
            <input type="color" value={picker} onChange={(e) => onChange(e.target.value.toUpperCase())} />
          </label>
        }
      />
      <div className="color-field__swatches" role="group" aria-label={labels.swatches}>
        {COLOR_SWATCHES.map((c) => (
          <button
            key={c}
            type="button"
            className={`color-swatch color-swatch--button${selected(c) ? ' is-selected' : ''}`}
            style={{ background: c }}
            aria-label={labels.swatch(c)}
            aria-pressed={selected(c)}
            onClick={() => onChange(c)}
          />
        ))}
      </div>
    </div>
  );
}
