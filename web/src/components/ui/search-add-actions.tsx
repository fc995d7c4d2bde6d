import { Button, TextField } from '@aws-amplify/ui-react';
import { Plus, Search } from 'lucide-react';

type Props = { search: string; onSearch(value: string): void; searchLabel: string; addLabel: string; onAdd(): void };

/** A list page's header actions: its search box and its add button. */
export function SearchAddActions({ search, onSearch, searchLabel, addLabel, onAdd }: Props) {
  return (
    <>
      <TextField
        label={searchLabel}
        labelHidden
        placeholder={searchLabel}
        type="search"
        size="small"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        innerStartComponent={<Search size={16} className="input-icon" aria-hidden />}
        className="search-input"
      />
      <Button variation="primary" size="small" gap="0.4rem" onClick={onAdd}>
        <Plus size={16} aria-hidden />
        {addLabel}
      </Button>
    </>
  );
}
