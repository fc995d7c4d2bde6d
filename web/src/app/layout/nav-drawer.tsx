import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Circle, LogOut, MessageCircle, PanelLeftClose } from 'lucide-react';
import { NAV_ITEMS, navState, type NavItem } from '@conversa/shared/navigation';
import { isAdmin } from '@conversa/shared/roles';
import { useConnectionsAttention } from '../../features/connections/hooks/use-connections-attention';
import { useVersion } from '../../features/platform/api/get-version';
import { useUser } from '../../lib/auth';
import { useBranding } from '../../lib/branding';
import { isoDate } from '../../lib/format';
import { readStorage, STORAGE_KEYS } from '../../lib/storage';
import { isOverdue } from '../../lib/subscription';
import { NAV_ICONS } from './nav-icons';

type Props = {
  open: boolean;
  temporary: boolean;
  onClose(): void;
  onCollapse(): void;
  onNavigate(): void;
  onLogout(): void;
};

/** The left drawer (spec 1 §2): items from NAV_ITEMS with navState (role, plan, cshow, expiry). */
export function NavDrawer({ open, temporary, onClose, onCollapse, onNavigate, onLogout }: Props) {
  const { t } = useTranslation();
  const logo = useBranding().data?.logos.interno?.url;
  const user = useUser();
  const plan = user.company.plan;
  const expired = isOverdue(user.company, isoDate());
  const ctx = { who: user, plan, cshow: readStorage(STORAGE_KEYS.cshow) !== null, expired };
  const items = NAV_ITEMS.map((item) => ({ item, state: navState(item, ctx) })).filter((x) => x.state !== 'hidden');
  const version = useVersion(user.super);
  const mini = !open && !temporary;
  const admin = isAdmin(user);
  const connectionsAlert = useConnectionsAttention(admin && !expired);

  const main = items.filter(({ item }) => item.access === 'any');
  const management = items.filter(({ item }) => item.access !== 'any');

  const renderItem = ({ item, state }: { item: NavItem; state: string }) => {
    const Icon = NAV_ICONS[item.key] ?? Circle;
    const label = t(`nav.${item.key}`);
    if (state === 'disabled') {
      return (
        <li key={item.key}>
          <span className="nav-item nav-item--disabled" aria-disabled="true" title={label}>
            <Icon size={20} aria-hidden />
            <span className="nav-item__label">{label}</span>
          </span>
        </li>
      );
    }
    return (
      <li key={item.key}>
        <NavLink to={item.path} className={({ isActive }) => `nav-item${isActive ? ' is-active' : ''}`} title={mini ? label : undefined} onClick={onNavigate}>
          <span className="nav-item__icon">
            <Icon size={20} aria-hidden />
            {item.key === 'connections' && connectionsAlert ? <span className="nav-badge" data-testid="connections-alert" role="img" aria-label={t('nav.connectionsAlert')} /> : null}
          </span>
          <span className="nav-item__label">{label}</span>
        </NavLink>
      </li>
    );
  };

  return (
    <>
      {temporary && open ? <div className="drawer-backdrop" onClick={onClose} aria-hidden /> : null}
      <nav
        className={`nav-drawer${mini ? ' nav-drawer--mini' : ''}${temporary ? ' nav-drawer--temporary' : ''}${temporary && open ? ' is-open' : ''}`}
        aria-label={t('layout.openMenu')}
        aria-hidden={temporary && !open ? true : undefined}
      >
        <div className={`nav-drawer__head${logo ? ' nav-drawer__head--logo' : ''}`}>
          {logo ? (
            <img className="nav-drawer__logo" src={logo} alt={t('common.appName')} width={300} height={200} />
          ) : (
            <>
              <span className="brand-mark">
                <MessageCircle size={18} aria-hidden />
              </span>
              <span className="nav-drawer__brand">{t('common.appName')}</span>
            </>
          )}
          <button type="button" className="icon-button nav-drawer__collapse" aria-label={t('layout.collapseMenu')} onClick={temporary ? onClose : onCollapse}>
            <PanelLeftClose size={20} aria-hidden />
          </button>
        </div>
        <div className="nav-drawer__scroll">
          <ul className="nav-list">{main.map(renderItem)}</ul>
          {management.length > 0 ? (
            <>
              {admin && !mini ? <p className="nav-group">{t('nav.groupAdmin')}</p> : <hr className="nav-sep" />}
              <ul className="nav-list">{management.map(renderItem)}</ul>
            </>
          ) : null}
          <hr className="nav-sep" />
          <ul className="nav-list">
            <li>
              <button type="button" className="nav-item" onClick={onLogout} title={mini ? t('layout.logout') : undefined}>
                <LogOut size={20} aria-hidden />
                <span className="nav-item__label">{t('layout.logout')}</span>
              </button>
            </li>
          </ul>
        </div>
        {user.super && !mini ? (
          <div className="nav-drawer__foot">
            {version.data?.version ? <span>{t('layout.version', { version: version.data.version })}</span> : null}
            {plan ? <span>{t('layout.plan', { name: plan.name })}</span> : null}
          </div>
        ) : null}
      </nav>
    </>
  );
}
