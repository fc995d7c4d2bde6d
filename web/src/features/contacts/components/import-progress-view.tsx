import { useTranslation } from 'react-i18next';
import type { ImportProgress } from '@conversa/shared/schemas/contacts';
import { errorMessage } from '../../../lib/error-message';
import { currentLang } from '../../../lib/i18n';
import { messageKey } from '../../../lib/validation';
import { progressPercent, visibleErrors } from '../lib/import-progress';

type Props = {
  p: ImportProgress;
  /** 'x of y' while it runs (rows of a file, numbers of a phone). */
  progressText(p: ImportProgress): string;
  /** Before the worker knows the total. */
  waitingText: string;
};

/** An import job's progress bar, counts, failure and per-row reasons (spreadsheet and phone chats alike). */
export function ImportProgressView({ p, progressText, waitingText }: Props) {
  const { t } = useTranslation();
  const pct = progressPercent(p);
  const finished = p.finished;
  const { shown, hidden } = visibleErrors(finished ? p : undefined);
  /** A row's reason: a catalogue code (duplicate…) or a field's validation message ('name: Required'…), both in the UI language. */
  const reason = (e: string): string => {
    if (/^ERR_/.test(e)) return errorMessage(e, currentLang(), e);
    const field = /^(\w+): (.+)$/.exec(e);
    if (!field) return t(messageKey(e));
    const name = t(`contacts.import.fields.${field[1]}`, { defaultValue: field[1] });
    return `${name}: ${t(messageKey(field[2]!))}`;
  };
  return (
    <div aria-live="polite">
      <div className={`progress${finished ? (p.failure ? ' progress--failed' : ' progress--done') : ''}`} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={t('contacts.import.title')}>
        <div className="progress__bar" style={{ width: `${pct}%` }} />
      </div>
      <p className="muted" data-testid="import-status">
        {finished ? t('contacts.import.finished') : p.total > 0 ? progressText(p) : waitingText}
        {' · '}
        {pct}%
      </p>
      <ul className="import-summary" data-testid="import-summary">
        <li>{t('contacts.import.created', { count: p.created })}</li>
        <li>{t('contacts.import.skipped', { count: p.skipped })}</li>
        <li>{t('contacts.import.errors', { count: p.errors.length })}</li>
      </ul>
      {p.failure ? (
        <p className="field-error" role="alert">
          {reason(p.failure)}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="import-errors">
          {shown.map((e) => (
            <li key={`${e.row}-${e.error}`}>
              <strong>{t('contacts.import.row', { row: e.row })}</strong>: {reason(e.error)}
            </li>
          ))}
          {hidden > 0 ? <li className="muted">+{hidden}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
