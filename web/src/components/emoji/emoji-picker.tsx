/**
 * An emoji picker: search (the emoji's name and keywords in the UI language), the recently used
 * ones, then the groups with a tab each. Picking calls `onPick` and keeps the picker open; Escape
 * or a click outside closes it. The list loads on first open (emoji-data.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../lib/i18n';
import { EMOJI_GROUPS, loadEmojis, searchEmojis, type Emoji, type EmojiGroup } from './emoji-data';
import { recentEmojis, rememberEmoji } from './recent-emojis';

const GROUP_ICON: Record<EmojiGroup, string> = { 0: '😀', 1: '👋', 3: '🐶', 4: '🍎', 5: '✈️', 6: '⚽', 7: '💡', 8: '❤️', 9: '🏁' };

type Props = { onPick(unicode: string): void; onClose(): void };

export default function EmojiPicker({ onPick, onClose }: Props) {
  const { t } = useTranslation();
  const [all, setAll] = useState<Emoji[]>();
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState<EmojiGroup>(0);
  const [recent, setRecent] = useState(recentEmojis);
  const ref = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    loadEmojis(currentLang()).then((list) => live && setAll(list), () => live && setFailed(true));
    search.current?.focus();
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const away = (e: PointerEvent) => ref.current && !ref.current.contains(e.target as Node) && onClose();
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [onClose]);

  const shown = useMemo(() => (!all ? [] : query.trim() ? searchEmojis(all, query) : all.filter((e) => e.group === group)), [all, query, group]);
  const pick = (u: string) => {
    rememberEmoji(u);
    setRecent(recentEmojis());
    onPick(u);
  };
  const cell = (u: string, label: string) => (
    <button key={u} type="button" className="emoji-picker__cell" onClick={() => pick(u)} title={label} aria-label={label}>
      {u}
    </button>
  );

  return (
    <div className="emoji-picker" ref={ref} role="dialog" aria-label={t('emoji.title')}>
      <input ref={search} className="emoji-picker__search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('emoji.search')} aria-label={t('emoji.search')} />
      {!query.trim() ? (
        <div className="emoji-picker__tabs" role="tablist" aria-label={t('emoji.groups')}>
          {EMOJI_GROUPS.map((g) => (
            <button key={g} type="button" role="tab" aria-selected={group === g} className={`emoji-picker__tab${group === g ? ' is-active' : ''}`} onClick={() => setGroup(g)} title={t(`emoji.group.${g}`)} aria-label={t(`emoji.group.${g}`)}>
              {GROUP_ICON[g]}
            </button>
          ))}
        </div>
      ) : null}
      <div className="emoji-picker__body">
        {failed ? <p className="emoji-picker__state">{t('emoji.failed')}</p> : !all ? <div className="emoji-picker__state"><Loader /></div> : null}
        {all && !query.trim() && recent.length ? (
          <>
            <p className="emoji-picker__label">{t('emoji.recent')}</p>
            <div className="emoji-picker__grid">{recent.map((u) => cell(u, u))}</div>
            <p className="emoji-picker__label">{t(`emoji.group.${group}`)}</p>
          </>
        ) : null}
        {all && query.trim() && !shown.length ? <p className="emoji-picker__state">{t('emoji.none')}</p> : null}
        <div className="emoji-picker__grid">{shown.map((e) => cell(e.unicode, e.label))}</div>
      </div>
    </div>
  );
}
