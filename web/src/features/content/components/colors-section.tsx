import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { BRAND_COLOR_KEYS, PALETTE, type BrandColorKey } from '@conversa/shared/schemas/branding';
import { updateSetting } from '../../../lib/get-setting';
import { useBranding } from '../../../lib/branding';
import { toast } from '../../../lib/toast';

/** Settings > Colors (spec 2, §9): the 50 swatches for each theme colour; saving reloads the page. */
export function ColorsSection({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const branding = useBranding();
  const [picked, setPicked] = useState<Partial<Record<BrandColorKey, string>>>({});
  const [busy, setBusy] = useState(false);
  const current = (k: BrandColorKey) => picked[k] ?? branding.data?.colors[k] ?? '';

  const save = async () => {
    setBusy(true);
    try {
      // PUT /settings/{key} per changed colour: the platform's theme (the super admin's company).
      for (const [key, value] of Object.entries(picked)) await updateSetting({ key, value });
      toast.success(t('settings.updated'));
      setTimeout(reload, 600);
    } catch {
      setBusy(false);
    }
  };

  return (
    <section className="content-panel" aria-labelledby="colors-title">
      <h2 id="colors-title" className="content-panel__title">{t('content.colors.title')}</h2>
      <p className="muted">{t('content.colors.hint')}</p>
      {BRAND_COLOR_KEYS.map((key) => (
        <fieldset key={key} className="swatch-field">
          <legend>
            {t(`content.colors.${key}`)} <span className="swatch swatch--current" style={{ background: current(key) || 'transparent' }} aria-hidden />{' '}
            <code>{current(key) || t('content.colors.none')}</code>
          </legend>
          <div className="swatch-grid" role="radiogroup" aria-label={`${t('content.colors.palette')}: ${t(`content.colors.${key}`)}`}>
            {PALETTE.map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={current(key).toLowerCase() === c.toLowerCase()}
                className="swatch"
                style={{ background: c }}
                title={c}
                aria-label={t('content.colors.pick', { color: c })}
                onClick={() => setPicked((p) => ({ ...p, [key]: c }))}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <Button variation="primary" isDisabled={!Object.keys(picked).length} isLoading={busy} onClick={() => void save()}>
        {t('content.colors.save')}
      </Button>
    </section>
  );
}
