import { Button } from '@aws-amplify/ui-react';
import { Plus } from 'lucide-react';
import { ListSearch } from './list-search';

type Props = { search: string; onSearch(value: string): void; searchLabel: string; addLabel: string; onAdd(): void };

/** A list page's header actions: its search box and its add button. */
export function SearchAddActions({ search, onSearch, searchLabel, addLabel, onAdd }: Props) {
  return (
    <>
      <ListSearch label={searchLabel} value={search} onChange={onSearch} />
      <Button variation="primary" size="small" gap="0.4rem" onClick={onAdd}>
        <Plus size={16} aria-hidden />
        {addLabel}
      </Button>
    </>
  );
}
