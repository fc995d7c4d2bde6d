import { useTranslation } from 'react-i18next';
import type { SatisfactionView } from '@conversa/shared/schemas/ratings';
import { DataTable } from '../../../components/ui/data-table';
import { formatScore } from '../lib/satisfaction-format';

const COUNTS = ['insatisfeito', 'indiferentes', 'satisfeito'] as const;
type Agent = SatisfactionView['agents'][number];

/** Per agent: levels 1–2, 3 and 4–5, and the mean level (spec 3 §3 "Satisfaction summary"). */
export function AgentsTable({ agents }: { agents: SatisfactionView['agents'] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="card sat-agents" aria-labelledby="sat-agents-title">
      <h2 id="sat-agents-title" className="sat-section__title">{t('ratings.report.agents.title')}</h2>
      <div className="table-scroll">
        <DataTable
          testId="sat-agents"
          rows={agents}
          rowKey={(a) => a.userId}
          rowAttrs={(a) => ({ 'data-testid': `sat-agent-${a.userId}` })}
          empty={t('ratings.report.agents.empty')}
          columns={[
            { key: 'name', header: t('ratings.report.agents.name'), cellClassName: 'cell-strong', cell: (a) => a.name },
            ...COUNTS.map((k) => ({
              key: k,
              header: t(`ratings.report.agents.${k}`),
              className: 'sat-num',
              cell: (a: Agent) => (
                <span data-testid={k}>
                  <span className="sat-inline-label">{t(`ratings.report.agents.${k}`)}: </span>
                  {a[k]}
                </span>
              ),
            })),
            {
              key: 'notaMedia',
              header: t('ratings.report.agents.notaMedia'),
              className: 'sat-num',
              cell: (a) => (
                <span data-testid="notaMedia">
                  <span className="sat-inline-label">{t('ratings.report.agents.notaMedia')}: </span>
                  {formatScore(a.notaMedia, a.insatisfeito + a.indiferentes + a.satisfeito, i18n.language)}
                </span>
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}
