/**
 * i18next with Portuguese bundled (the default, spec 1 §1) and en/es/tr loaded on demand, so the
 * login page does not carry four dictionaries. The choice is kept in localStorage.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@conversa/shared/errors';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import pt, { type Messages } from './locales/pt';

export const DEFAULT_LANG: Lang = 'pt';
/**
 * The UI languages (same as LANGS in @conversa/shared/errors; a test keeps them equal). Not
 * imported from there: that module carries the whole error catalogue, which the entry chunk
 * should not.
 */
export const LANGUAGES: readonly Lang[] = ['pt', 'en', 'es', 'tr'];
export const HTML_LANG: Record<Lang, string> = { pt: 'pt-BR', en: 'en', es: 'es', tr: 'tr' };

const loaders: Record<Exclude<Lang, 'pt'>, () => Promise<{ default: Messages }>> = {
  en: () => import('./locales/en'),
  es: () => import('./locales/es'),
  tr: () => import('./locales/tr'),
};

export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

export function storedLang(): Lang {
  const v = readStorage(STORAGE_KEYS.language);
  return isLang(v) ? v : DEFAULT_LANG;
}

/** Languages whose main dictionary is in (a page's section may have added some keys before). */
const loaded = new Set<Lang>(['pt']);

async function ensureLoaded(lang: Lang): Promise<void> {
  if (lang === 'pt' || loaded.has(lang)) return;
  const mod = await loaders[lang]();
  i18n.addResourceBundle(lang, 'translation', mod.default, true, true);
  loaded.add(lang);
}

/**
 * A page's own texts, in all four languages, added when its chunk loads: they ride the page's
 * chunk instead of the entry chunk (the login page's budget, STACK-NOTES "Web bundle").
 * Sections live in locales/<name>/ like the bundled ones and are listed in locales/lazy-sections.ts
 * for the completeness test.
 */
export function registerSection<T extends object>(name: string, dicts: Record<Lang, T>): void {
  for (const lang of LANGUAGES) i18n.addResourceBundle(lang, 'translation', { [name]: dicts[lang] }, true, true);
}

export async function initI18n(): Promise<typeof i18n> {
  const lang = storedLang();
  await i18n.use(initReactI18next).init({
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    resources: { pt: { translation: pt } },
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  if (lang !== DEFAULT_LANG) {
    try {
      await ensureLoaded(lang);
      await i18n.changeLanguage(lang);
    } catch {
      /* stay in Portuguese if the chunk cannot load */
    }
  }
  document.documentElement.lang = HTML_LANG[currentLang()];
  return i18n;
}

export async function changeLanguage(lang: Lang): Promise<void> {
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
  writeStorage(STORAGE_KEYS.language, lang);
  document.documentElement.lang = HTML_LANG[lang];
}

export function currentLang(): Lang {
  const l = i18n.language;
  return isLang(l) ? l : DEFAULT_LANG;
}

export { i18n };
