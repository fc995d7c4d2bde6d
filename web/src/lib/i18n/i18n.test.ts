import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@conversa/shared/errors';
import { NAV_ITEMS } from '@conversa/shared/navigation';
import { PROFILES } from '@conversa/shared/roles';
import { SETTINGS, type SettingKey } from '@conversa/shared/settings';
import { LANGUAGES } from './index';
import en from './locales/en';
import es from './locales/es';
import pt from './locales/pt';
import tr from './locales/tr';
import { LAZY_SECTIONS } from './locales/lazy-sections';

type Tree = { [k: string]: string | Tree };
const flat = (t: Tree, prefix = ''): Record<string, string> =>
  Object.entries(t).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? { ...acc, [key]: v } : { ...acc, ...flat(v, key) };
  }, {});

/** The entry dictionaries plus the sections pages register when they load. */
const withLazy = (lang: 'pt' | 'en' | 'es' | 'tr', base: object): Tree => ({ ...(base as Tree), ...Object.fromEntries(Object.entries(LAZY_SECTIONS).map(([name, d]) => [name, d[lang] as Tree])) });
const dicts = { pt: flat(withLazy('pt', pt)), en: flat(withLazy('en', en)), es: flat(withLazy('es', es)), tr: flat(withLazy('tr', tr)) };
const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const srcDir = join(__dirname, '..', '..');
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f: string) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !p.includes(`${join('i18n', 'locales')}`) ? [p] : [];
  });
}

describe('i18n completeness', () => {
  it('the UI languages are the shared ones', () => {
    expect([...LANGUAGES]).toEqual([...LANGS]);
    expect(Object.keys(dicts).sort()).toEqual([...LANGS].sort());
  });

  it.each(['en', 'es', 'tr'] as const)('%s has exactly the keys of pt, none empty, same placeholders', (lang) => {
    const d = dicts[lang];
    expect(Object.keys(d).sort()).toEqual(Object.keys(dicts.pt).sort());
    for (const [k, v] of Object.entries(d)) {
      expect(v.trim(), `${lang}:${k}`).not.toBe('');
      expect(vars(v), `${lang}:${k}`).toEqual(vars(dicts.pt[k]!));
    }
  });

  it('pt keeps the spec texts', () => {
    expect(pt.validation).toMatchObject({ tooShort: 'Too Short!', tooLong: 'Too Long!', required: 'Required', invalidEmail: 'Invalid email', signupTooShort: 'Muito curto!', signupTooLong: 'Muito extenso!', signupInvalidEmail: 'Email inválido', passwordsMismatch: 'As senhas não correspondem' });
    expect(pt.auth.login.success).toBe('Login efetuado com sucesso!');
    expect(pt.auth.forgot).toMatchObject({ sent: 'Solicitação Enviada com sucesso!', done: 'Senha redefinida com sucesso.', notFound: 'E-mail não encontrado', failed: 'Ocorreu um erro. Tente novamente mais tarde.' });
    expect(pt.errors).toEqual({ generic: 'An error occurred!', sessionReplaced: 'Sua conta foi acessada em outro computador.', sessionEnded: 'Sua sessão foi encerrada. Entre novamente.' });
    expect(pt.subscription.expired).toBe('Sua assinatura venceu em {{date}}. Por favor, renove sua assinatura para continuar utilizando o sistema.');
    expect(pt.subscription.expiring).toBe('Sua assinatura vence em {{count}} dia(s)');
    expect(pt.settings.updated).toBe('Operação atualizada com sucesso.');
    expect(pt.common.forbidden).toBe('Sem permissão para acessar!');
    expect(pt.layout.greeting).toBe('Olá, {{name}}');
  });

  // The settings page's own fields: features/settings/lib/setting-fields.test.ts.
  it('every key of the shared tables has a text', () => {
    const need = [
      ...NAV_ITEMS.map((i) => `nav.${i.key}`),
      ...PROFILES.map((p) => `users.profiles.${p}`),
      ...LANGS.map((l) => `languages.${l}`),
      ...(Object.keys(SETTINGS) as SettingKey[]).filter((k) => SETTINGS[k].group !== 'appearance').map((k) => `settings.keys.${k}`),
    ];
    const missing = need.filter((k) => !(k in dicts.pt));
    expect(missing).toEqual([]);
  });

  it('every literal key used in the code exists', () => {
    const used = new Set<string>();
    for (const file of sources(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(80);
    expect([...used].filter((k) => !(k in dicts.pt))).toEqual([]);
  });

  it('every page title the router uses exists', async () => {
    const router = readFileSync(join(srcDir, 'app', 'router.tsx'), 'utf8');
    const keys = [...router.matchAll(/\['(\w+)', rule\(/g)].map((m) => `pages.${m[1]}`);
    expect(keys.length).toBeGreaterThan(15); // the pattern still finds the router's rules
    expect(keys.filter((k) => !(k in dicts.pt))).toEqual([]);
  });
});
