import { Loader } from '@aws-amplify/ui-react';
import { useQueues } from '../../lib/queues';
import '../../styles/queues.css';

type Props = {
  legend: string;
  /** Shown when the company has no queue yet. */
  emptyText: string;
  selected: readonly number[];
  disabled?: boolean;
  error?: string;
  onChange(ids: number[]): void;
};

/** A multi-select of the company's queues (GET /queue), each with its colour. */
export function QueueChecklist({ legend, emptyText, selected, disabled, error, onChange }: Props) {
  const queues = useQueues();
  const list = queues.data ?? [];
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id));
  return (
    <fieldset className="queue-select" disabled={disabled} aria-invalid={Boolean(error) || undefined}>
      <legend>{legend}</legend>
      {queues.isPending ? (
        <Loader />
      ) : list.length === 0 ? (
        <p className="queue-select__empty">{emptyText}</p>
      ) : (
        <div className="queue-checklist">
          {list.map((q) => (
            <label key={q.id} className={`queue-chip${selected.includes(q.id) ? ' is-on' : ''}`}>
              <input type="checkbox" name="queueIds" value={q.id} checked={selected.includes(q.id)} onChange={(e) => toggle(q.id, e.target.checked)} />
              <span className="queue-swatch queue-swatch--dot" style={{ background: q.color }} aria-hidden />
              {q.name}
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
