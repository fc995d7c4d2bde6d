import { useTranslation } from 'react-i18next';
import type { Plan } from '@conversa/shared/plans';
import { formatBRL } from '../../../lib/format';

type Props = { plans: Plan[]; value: number | undefined; onChange(id: number): void; error?: string };

/** The sign-up plan picker (spec 1 §2): plan, attendants, connections, queues, price in BRL. */
export function PlansTable({ plans, value, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className={`plans${error ? ' plans--error' : ''}`} aria-describedby={error ? 'plans-error' : undefined}>
      <legend className="plans__legend">{t('auth.signup.planCaption')}</legend>
      <div className="plans__scroll">
        <table className="plans__table">
          <thead>
            <tr>
              <th scope="col">{t('auth.signup.colPlan')}</th>
              <th scope="col" className="num">{t('auth.signup.colUsers')}</th>
              <th scope="col" className="num">{t('auth.signup.colConnections')}</th>
              <th scope="col" className="num">{t('auth.signup.colQueues')}</th>
              <th scope="col" className="num col-price">{t('auth.signup.colPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => {
              const selected = p.id === value;
              return (
                <tr key={p.id} className={selected ? 'is-selected' : undefined} onClick={() => onChange(p.id)}>
                  <td>
                    <label className="plans__name">
                      <input type="radio" name="planId" value={p.id} checked={selected} onChange={() => onChange(p.id)} />
                      <span>
                        {p.name}
                        <small className="plans__price-inline">
                          {formatBRL(p.amount)}
                          {t('auth.signup.perMonth')}
                        </small>
                      </span>
                    </label>
                  </td>
                  <td className="num">{p.users}</td>
                  <td className="num">{p.connections}</td>
                  <td className="num">{p.queues}</td>
                  <td className="num price col-price">
                    {formatBRL(p.amount)}
                    <small>{t('auth.signup.perMonth')}</small>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error ? (
        <p id="plans-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
