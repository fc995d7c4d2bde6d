import { useState } from 'react';
import { Button, Loader, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CONTACT_SEARCH_MIN_CHARS, SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { ContactOptions } from '../../../components/ui/contact-options';
import { useSearchContacts } from '../../../lib/get-contacts';
import type { ScheduleContact } from '../lib/schedule-form';

type Props = { value: ScheduleContact | null; onChange(c: ScheduleContact | null): void; error?: string };

/** The dialog's contact: the chosen one with a way to change it, or a search from 3 characters (GET /contacts). */
export function ScheduleContactField({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useSearchContacts(term);
  const list = found.data?.pages.flatMap((p) => p.contacts) ?? [];
  const short = search.trim().length < CONTACT_SEARCH_MIN_CHARS;

  if (value) {
    return (
      <div className="schedule-contact">
        <span className="schedule-contact__label">{t('schedules.modal.contact')}</span>
        <span className="schedule-contact__chosen">
          <strong data-testid="schedule-contact">{value.name}</strong>
          <Button size="small" variation="link" onClick={() => onChange(null)}>
            {t('schedules.modal.change')}
          </Button>
        </span>
      </div>
    );
  }
  return (
    <div className="schedule-contact">
      <TextField label={t('schedules.modal.contact')} name="contactSearch" autoComplete="off" placeholder={t('schedules.modal.contactSearch')} value={search} onChange={(e) => setSearch(e.target.value)} hasError={Boolean(error)} errorMessage={error} />
      {!short && found.isFetching ? <Loader /> : null}
      {!short && found.data && list.length === 0 ? <p className="muted">{t('schedules.modal.noContacts')}</p> : null}
      {!short && list.length ? (
        <ContactOptions label={t('schedules.modal.contact')} contacts={list} onPick={(c) => onChange({ id: c.id, name: c.name })} />
      ) : null}
    </div>
  );
}
