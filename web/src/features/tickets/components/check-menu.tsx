import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { useDismiss } from '../../../hooks/use-dismiss';

export type CheckOption = { id: number; label: string; title?: string; color?: string };

type Props = {
  label: string;
  icon?: React.ReactNode;
  options: readonly CheckOption[];
  selected: readonly number[];
  onChange(ids: number[]): void;
  emptyText?: string;
  testId?: string;
};

/** A button that opens a list of checkboxes (queue, tag and user filters). */
export function CheckMenu({ label, icon, options, selected, onChange, emptyText, testId }: Props) {
  const { t } = useTranslation();
  const { open, setOpen, ref } = useDismiss();
  const listId = useId();
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <div className="check-menu" ref={ref} data-testid={testId}>
      <button type="button" className={`t-chip${selected.length ? ' is-active' : ''}`} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {icon}
        <span>{label}</span>
        {selected.length ? <span className="t-chip__count">{selected.length}</span> : null}
        <ChevronDown size={14} aria-hidden />
      </button>
      {open ? (
        <div className="check-menu__panel" id={listId} role="group" aria-label={label}>
          {options.length === 0 ? <p className="muted check-menu__empty">{emptyText ?? t('tickets.filters.none')}</p> : null}
          {options.map((o) => (
            <label key={o.id} className="check-menu__item" title={o.title}>
              <input type="checkbox" checked={selected.includes(o.id)} onChange={() => toggle(o.id)} />
              {o.color ? <span className="t-dot" style={{ background: o.color }} aria-hidden /> : null}
              <span>{o.label}</span>
            </label>
          ))}
          {selected.length ? (
            <button type="button" className="check-menu__clear" onClick={() => onChange([])}>
              {t('tickets.filters.clear')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
