import { useTranslation } from 'react-i18next';
import { MessageSquareHeart, Star } from 'lucide-react';
import type { SatisfactionView } from '@conversa/shared/schemas/ratings';
import { formatScore } from '../lib/satisfaction-format';

/** Total responses and the average level (1–5) of the range (spec 3 §3 "Satisfaction summary"). */
export function SatisfactionCards({ data }: { data: SatisfactionView | undefined }) {
  const { t, i18n } = useTranslation();
  const total = data?.totalResponses;
  return (
    <ul className="sat-cards" aria-label={t('ratings.report.filterLabel')}>
      <li className="sat-card" data-testid="sat-total">
        <span className="sat-card__icon" aria-hidden>
          <MessageSquareHeart size={22} />
        </span>
        <span className="sat-card__text">
          <span className="sat-card__label">{t('ratings.report.total')}</span>
          <strong className="sat-card__value">{total === undefined ? '–' : total.toLocaleString(i18n.language)}</strong>
        </span>
      </li>
      <li className="sat-card sat-card--score" data-testid="sat-average">
        <span className="sat-card__icon" aria-hidden>
          <Star size={22} />
        </span>
        <span className="sat-card__text">
          <span className="sat-card__label">{t('ratings.report.average')}</span>
          <strong className="sat-card__value">
            {formatScore(data?.averageScore ?? 0, total ?? 0, i18n.language)}
            {total ? <span className="sat-card__unit"> {t('ratings.report.averageOf')}</span> : null}
          </strong>
        </span>
      </li>
    </ul>
  );
}
