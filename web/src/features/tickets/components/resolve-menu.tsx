import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, ChevronDown } from 'lucide-react';
import { useDismiss } from '../../../hooks/use-dismiss';

export type ResolveChoice = 'farewell' | 'silent';

type Props = { busy: boolean; onResolve(choice: ResolveChoice): void };

/**
 * 'Resolver' with the spec's choices: with the farewell message or without (justClose). The
 * rating option arrives with the ratings issue.
 */
export function ResolveMenu({ busy, onResolve }: Props) {
  const { t } = useTranslation();
  const { open, setOpen, ref } = useDismiss();
  const pick = (c: ResolveChoice) => {
    setOpen(false);
    onResolve(c);
  };
  return (
    <div className="t-menu" ref={ref}>
      <Button size="small" variation="primary" gap="0.3rem" isLoading={busy} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <CircleCheck size={16} aria-hidden /> {t('tickets.actions.resolve')} <ChevronDown size={14} aria-hidden />
      </Button>
      {open ? (
        <div className="t-menu__panel" role="menu">
          <button type="button" role="menuitem" onClick={() => pick('farewell')}>
            {t('tickets.actions.resolveFarewell')}
          </button>
          <button type="button" role="menuitem" onClick={() => pick('silent')}>
            {t('tickets.actions.resolveSilent')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
