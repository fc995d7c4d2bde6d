import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, ChevronDown } from 'lucide-react';
import { useDismiss } from '../../../hooks/use-dismiss';
import '../../../lib/i18n/locales/ratings';
import '../../../styles/ratings.css';

export type ResolveChoice = 'farewell' | 'silent' | 'rating';

type Props = {
  busy: boolean;
  /** The company's userRating setting: resolving must send a rating ('Avaliação obrigatória'). */
  ratingRequired: boolean;
  onResolve(choice: ResolveChoice): void;
};

/**
 * 'Resolver' with the spec's choices (spec 1 §4): with the farewell message, without it
 * (justClose), or resolve and send a rating. With ratings required only the last is offered.
 */
export function ResolveMenu({ busy, ratingRequired, onResolve }: Props) {
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
          {ratingRequired ? (
            <p className="t-menu__note" role="note">
              {t('ratings.resolve.required')}
            </p>
          ) : (
            <>
              <button type="button" role="menuitem" onClick={() => pick('farewell')}>
                {t('tickets.actions.resolveFarewell')}
              </button>
              <button type="button" role="menuitem" onClick={() => pick('silent')}>
                {t('tickets.actions.resolveSilent')}
              </button>
            </>
          )}
          <button type="button" role="menuitem" onClick={() => pick('rating')}>
            {t('ratings.resolve.menuItem')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
