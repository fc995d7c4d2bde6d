import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SelectField } from '@aws-amplify/ui-react';
import { Search } from 'lucide-react';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { LoadState } from '../../../components/ui/load-state';
import { useTicketsByTag } from '../../../features/tickets-by-tag/api/get-tickets-by-tag';
import { TicketsByTagResults } from '../../../features/tickets-by-tag/components/tickets-by-tag-results';
import { useTags } from '../../../lib/get-tags';
import '../../../lib/i18n/locales/ticketsByTag';
import { toast } from '../../../lib/toast';
import '../../../styles/tickets-by-tag.css';

/**
 * /tickets-by-tag (spec 3 "Tickets by tag", §8): a tag select and 'Buscar Tickets'; the tickets
 * carrying it that the user may see, or the warning 'Não foram encontrados tickets para a tag selecionada.'
 */
export default function TicketsByTagRoute() {
  const { t } = useTranslation();
  const tags = useTags();
  const [chosen, setChosen] = useState('');
  const [asked, setAsked] = useState<number | undefined>();
  const found = useTicketsByTag(asked);

  // Every search that finds nothing warns, a repeated one too.
  useEffect(() => {
    if (found.data && found.data.tickets.length === 0) toast.warning(t('ticketsByTag.none'));
  }, [found.data, found.dataUpdatedAt, t]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = Number(chosen);
    if (!id) return;
    if (id === asked) void found.refetch();
    else setAsked(id);
  };

  return (
    <ContentLayout title={t('ticketsByTag.title')}>
      <div className="card tickets-by-tag">
        <form className="tickets-by-tag__form" onSubmit={submit}>
          <SelectField
            label={t('ticketsByTag.tag')}
            placeholder={tags.data?.length === 0 ? t('ticketsByTag.noTags') : t('ticketsByTag.choose')}
            value={chosen}
            isDisabled={!tags.data?.length}
            onChange={(e) => setChosen(e.target.value)}
          >
            {(tags.data ?? []).map((tag) => (
              <option key={tag.id} value={String(tag.id)}>
                {tag.kanban ? `${tag.name} · ${t('ticketsByTag.lane')}` : tag.name}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variation="primary" gap="0.4rem" isDisabled={!chosen} isLoading={found.isFetching}>
            <Search size={16} aria-hidden />
            {t('ticketsByTag.search')}
          </Button>
        </form>
        {tags.isError ? <LoadState query={tags} /> : null}
        {asked === undefined ? null : found.data ? (
          found.data.tickets.length ? (
            <TicketsByTagResults found={found.data} />
          ) : (
            <p className="tickets-by-tag__none" role="alert">
              {t('ticketsByTag.none')}
            </p>
          )
        ) : (
          <LoadState query={found} />
        )}
      </div>
    </ContentLayout>
  );
}
