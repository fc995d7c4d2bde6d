import '../../styles/contact-options.css';

type Option = { id: number; name: string; number: string };

/** The contacts a picker's search found, as a listbox (the first 20). */
export function ContactOptions({ label, contacts, onPick }: { label: string; contacts: readonly Option[]; onPick(c: Option): void }) {
  return (
    <ul className="t-pick" role="listbox" aria-label={label}>
      {contacts.slice(0, 20).map((c) => (
        <li key={c.id}>
          <button type="button" role="option" aria-selected={false} onClick={() => onPick(c)}>
            <strong>{c.name}</strong> <span className="muted">{c.number}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
