import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Plus } from 'lucide-react';
import type { PlanView } from '@conversa/shared/roles';
import { newConnectionItems, type NewConnectionKind } from '../lib/new-connection-menu';
import { ChannelGlyph } from './channel-icon';
import { useDismiss } from '../../../hooks/use-dismiss';

type Props = { plan: PlanView | undefined; onPick(kind: NewConnectionKind): void };

/** The header's "new connection" menu (items and gates in lib/new-connection-menu). */
export function NewConnectionMenu({ plan, onPick }: Props) {
  const { t } = useTranslation();
  const { open, setOpen, ref } = useDismiss();
  const items = newConnectionItems(plan);

  return (
    <div className="menu-anchor" ref={ref}>
      <Button variation="primary" size="small" gap="0.4rem" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Plus size={16} aria-hidden />
        {t('connections.new')}
        <ChevronDown size={14} aria-hidden />
      </Button>
      {open ? (
        <div className="menu-panel" role="menu">
          {items.map((item) => (
            <button
              key={item.kind}
              type="button"
              role="menuitem"
              className="menu-item"
              disabled={item.disabled}
              aria-disabled={item.disabled || undefined}
              title={item.disabled ? t('common.notAvailablePlan') : undefined}
              onClick={() => {
                setOpen(false);
                onPick(item.kind);
              }}
            >
              <ChannelGlyph channel={item.kind} size={18} />
              <span className="menu-item__text">
                <span>{t(`connections.menu.${item.kind}`)}</span>
                {item.kind === 'sandbox' ? <small className="muted">{t('connections.menu.sandboxHint')}</small> : null}
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
