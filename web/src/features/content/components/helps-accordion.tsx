import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { LoadState } from '../../../components/ui/load-state';
import { useHelps } from '../api/helps';
import { HelpVideo } from './help-video';

/** The /helps page body (spec 3 "Help page"): one panel per entry with its title, description and video. */
export function HelpsAccordion() {
  const { t } = useTranslation();
  const helps = useHelps();
  const [open, setOpen] = useState<number | undefined>();
  const base = useId();
  if (helps.isError) return <p role="alert">{t('content.helps.loadFailed')}</p>;
  if (helps.isPending) return <LoadState query={helps} />;
  if (!helps.data.length) return <p className="muted">{t('content.helps.empty')}</p>;
  return (
    <div className="accordion" data-testid="helps-accordion">
      {helps.data.map((h) => {
        const expanded = open === h.id;
        const panel = `${base}-${h.id}`;
        return (
          <section key={h.id} className={`accordion__item${expanded ? ' is-open' : ''}`}>
            <h2 className="accordion__heading">
              <button type="button" className="accordion__button" aria-expanded={expanded} aria-controls={panel} onClick={() => setOpen(expanded ? undefined : h.id)}>
                <span>{h.title}</span>
                <ChevronDown size={18} aria-hidden className="accordion__chevron" />
              </button>
            </h2>
            {expanded ? (
              <div id={panel} className="accordion__panel">
                {h.description ? <p className="accordion__text">{h.description}</p> : null}
                {h.video ? <HelpVideo id={h.video} title={h.title} /> : null}
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
