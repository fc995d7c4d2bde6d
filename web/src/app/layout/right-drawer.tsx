import { useEffect, useId, useState } from 'react';
import { SwitchField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { MessageCircleMore, Moon, Newspaper, RefreshCw, Sun, Volume2, X } from 'lucide-react';
import { VOLUME_DEFAULT, VOLUME_STEP } from '@conversa/shared/constants';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { setColorMode, useColorMode } from '../../lib/theme-mode';
import { DrawerAnnouncements } from '../../features/content/components/drawer-announcements';

export function storedVolume(): number {
  const v = Number(readStorage(STORAGE_KEYS.volume));
  return readStorage(STORAGE_KEYS.volume) !== null && Number.isFinite(v) && v >= 0 && v <= 1 ? v : VOLUME_DEFAULT;
}

type Props = { open: boolean; onClose(): void; companyId: number };

/** Right drawer (spec 1 §2): refresh, light/dark, notification volume, announcements, internal chat. */
export function RightDrawer({ open, onClose, companyId }: Props) {
  const { t } = useTranslation();
  const mode = useColorMode();
  const [volume, setVolume] = useState(storedVolume);
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      {open ? <div className="drawer-backdrop" onClick={onClose} aria-hidden /> : null}
      <aside className={`right-drawer${open ? ' is-open' : ''}`} aria-labelledby={titleId} aria-hidden={!open} inert={!open}>
        <header className="right-drawer__head">
          <h2 id={titleId}>{t('layout.quickSettings')}</h2>
          <button type="button" className="icon-button" aria-label={t('layout.closePanel')} onClick={onClose}>
            <X size={20} aria-hidden />
          </button>
        </header>
        <div className="right-drawer__body">
          <button type="button" className="pref-row pref-row--button" onClick={() => window.location.reload()}>
            <RefreshCw size={18} aria-hidden />
            <span>{t('layout.refresh')}</span>
          </button>
          <div className="pref-row">
            {mode === 'dark' ? <Moon size={18} aria-hidden /> : <Sun size={18} aria-hidden />}
            <SwitchField
              label={t('layout.darkMode')}
              labelPosition="start"
              isChecked={mode === 'dark'}
              onChange={(e) => setColorMode(e.target.checked ? 'dark' : 'light')}
              className="pref-row__switch"
            />
          </div>
          <label className="pref-row pref-row--column">
            <span className="pref-row__label">
              <Volume2 size={18} aria-hidden /> {t('layout.volume')}
              <output className="muted">{Math.round(volume * 100)}%</output>
            </span>
            <input
              type="range"
              min={0}
              max={1}
              step={VOLUME_STEP}
              value={volume}
              onChange={(e) => {
                const v = Number(e.target.value);
                setVolume(v);
                writeStorage(STORAGE_KEYS.volume, String(v));
              }}
            />
          </label>
          <section className="pref-section">
            <h3>
              <Newspaper size={18} aria-hidden /> {t('layout.announcements')}
            </h3>
            <DrawerAnnouncements companyId={companyId} />
          </section>
          <section className="pref-section">
            <h3>
              <MessageCircleMore size={18} aria-hidden /> {t('layout.internalChat')}
            </h3>
            <p className="muted">{t('layout.internalChatLater')}</p>
          </section>
        </div>
      </aside>
    </>
  );
}
