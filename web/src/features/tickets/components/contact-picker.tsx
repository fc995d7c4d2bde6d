import { useState } from 'react';
import { Loader, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CONTACT_SEARCH_MIN_CHARS, SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { ContactView } from '@conversa/shared/schemas/contacts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { ContactOptions } from '../../../components/ui/contact-options';
import { useSearchContacts } from '../../../lib/get-contacts';

export type PickedContact = Pick<ContactView, 'id' | 'name' | 'number'>;

type Props = { label: string; onPick(c: PickedContact): void; onSearchChange?(s: string): void; exclude?: readonly number[] };

/** Contact search from 3 characters (GET /contacts?searchParam). */
export function ContactPicker({ label, onPick, onSearchChange, exclude = [] }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useSearchContacts(term);
  const list = (found.data?.pages.flatMap((p) => p.contacts) ?? []).filter((c) => !exclude.includes(c.id));
  const short = search.trim().length < CONTACT_SEARCH_MIN_CHARS;
  return (
    <div className="t-picker">
      <TextField
        label={label}
        name="contactSearch"
        autoComplete="off"
        value={search}
        descriptiveText={short ? t('tickets.new.searchHint') : undefined}
        onChange={(e) => {
          setSearch(e.target.value);
          onSearchChange?.(e.target.value);
        }}
      />
      {!short && found.isFetching ? <Loader /> : null}
      {!short && found.data && list.length === 0 ? <p className="muted">{t('tickets.new.noContacts')}</p> : null}
      {!short && list.length ? (
        <ContactOptions label={label} contacts={list} onPick={onPick} />
      ) : null}
    </div>
  );
}
