import { useTranslation } from 'react-i18next';
import { ChevronDown, CircleUserRound, LogOut, UserRound } from 'lucide-react';
import { LanguagePicker } from '../../components/ui/language-picker';
import { useUser } from '../../lib/auth';
import { useDismiss } from '../../hooks/use-dismiss';

type Props = { onProfile(): void; onLogout(): void };

/** Account menu of the top bar: profile (own user in the user modal), language, logout. */
export function AccountMenu({ onProfile, onLogout }: Props) {
  const { t } = useTranslation();
  const user = useUser();
  const { open, setOpen, ref } = useDismiss();

  return (
    <div className="account-menu" ref={ref}>
      <button type="button" className="account-menu__trigger" aria-haspopup="menu" aria-expanded={open} aria-label={t('layout.account')} onClick={() => setOpen((o) => !o)}>
        <CircleUserRound size={22} aria-hidden />
        <ChevronDown size={16} aria-hidden className="hide-xs" />
      </button>
      {open ? (
        <div className="account-menu__panel" role="menu">
          <div className="account-menu__who">
            <strong>{user.name}</strong>
            <span className="muted">{user.email}</span>
          </div>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              setOpen(false);
              onProfile();
            }}
          >
            <UserRound size={18} aria-hidden /> {t('layout.profile')}
          </button>
          <div className="menu-item menu-item--static">
            <LanguagePicker />
          </div>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <LogOut size={18} aria-hidden /> {t('layout.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
