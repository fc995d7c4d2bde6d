import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, FileSpreadsheet, Smartphone, Upload } from 'lucide-react';
import { useDismiss } from '../../../hooks/use-dismiss';

type Props = { onFile(): void; onChats(): void };

/** The admin's import menu (spec 2 "Contacts list"): a spreadsheet, or the phone's chats. */
export function ImportMenu({ onFile, onChats }: Props) {
  const { t } = useTranslation();
  const { open, setOpen, ref } = useDismiss();
  const item = (label: string, icon: React.ReactNode, action: () => void) => (
    <button
      type="button"
      role="menuitem"
      className="menu-item"
      onClick={() => {
        setOpen(false);
        action();
      }}
    >
      {icon}
      <span>{label}</span>
    </button>
  );
  return (
    <div className="contacts-menu" ref={ref}>
      <Button size="small" gap="0.4rem" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Upload size={16} aria-hidden />
        {t('contacts.import.menu')}
        <ChevronDown size={14} aria-hidden />
      </Button>
      {open ? (
        <div className="contacts-menu__panel" role="menu">
          {item(t('contacts.import.fromFile'), <FileSpreadsheet size={18} aria-hidden />, onFile)}
          {item(t('contacts.import.fromChats'), <Smartphone size={18} aria-hidden />, onChats)}
        </div>
      ) : null}
    </div>
  );
}
