import { TextField } from '@aws-amplify/ui-react';
import { Search } from 'lucide-react';

/** A list's search box (the label hidden, a magnifier inside). */
export function SearchField({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <TextField
      label={label}
      labelHidden
      placeholder={label}
      type="search"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      innerStartComponent={<Search size={16} className="input-icon" aria-hidden />}
      className="search-input"
    />
  );
}
