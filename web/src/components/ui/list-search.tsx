import { TextField } from '@aws-amplify/ui-react';
import { Search } from 'lucide-react';

type Props = { label: string; value: string; onChange(value: string): void; /** When it differs from the label. */ placeholder?: string };

/** The search box of the list pages' header (debounced by the page). */
export function ListSearch({ label, value, onChange, placeholder = label }: Props) {
  return (
    <TextField
      label={label}
      labelHidden
      placeholder={placeholder}
      type="search"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      innerStartComponent={<Search size={16} className="input-icon" aria-hidden />}
      className="search-input"
    />
  );
}
