import { useTranslation } from 'react-i18next';
import type { SatisfactionView } from '@conversa/shared/schemas/ratings';
import { formatScore } from '../lib/satisfaction-format';

const COUNTS = ['insatisfeito', 'indiferentes', 'satisfeito'] as const;

/** Per agent: levels 1–2, 3 and 4–5, and the mean level (spec 3 §3 "Satisfaction summary"). */
export function AgentsTable({ agents }: { agents: SatisfactionView['agents'] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="card sat-agents" aria-labelledby="sat-agents-title">
      <h2 id="sat-agents-title" className="sat-section__title">{t('ratings.report.agents.title')}</h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="sat-agents">
          <thead>
            <tr>
              <th scope="col">{t('ratings.report.agents.name')}</th>
              {COUNTS.map((k) => (
                <th scope="col" key={k} className="sat-num">{t(`ratings.report.agents.${k}`)}</th>
              ))}
              <th scope="col" className="sat-num">{t('ratings.report.agents.notaMedia')}</th>
            </tr>
          </thead>
          <tbody>
            {agents.length === 0 ? (
              <tr>
                <td colSpan={5} className="data-table__empty">{t('ratings.report.agents.empty')}</td>
              </tr>
            ) : (
              agents.map((a) => {
                const answered = a.insatisfeito + a.indiferentes + a.satisfeito;
                return (
                  <tr key={a.userId} data-testid={`sat-agent-${a.userId}`}>
                    <td className="cell-strong">{a.name}</td>
                    {COUNTS.map((k) => (
                      <td key={k} className="sat-num" data-testid={k}>
                        <span className="sat-inline-label">{t(`ratings.report.agents.${k}`)}: </span>
                        {a[k]}
                      </td>
                    ))}
                    <td className="sat-num" data-testid="notaMedia">
                      <span className="sat-inline-label">{t('ratings.report.agents.notaMedia')}: </span>
                      {formatScore(a.notaMedia, answered, i18n.language)}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
