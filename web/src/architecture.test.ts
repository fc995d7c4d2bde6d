/**
 * The SPA's layers go one way (STYLE.md, bulletproof-react): app/ → features/<feature>/ → shared
 * (components/, lib/, hooks/, config/). A feature never imports app/ or another feature (pages that
 * combine features live in app/routes/); the shared folders import neither. And each API endpoint
 * is called from one file (a feature's api/, or lib/ when several features need it).
 *
 * A small script over the sources: every relative import is resolved to its folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Source text by path under src/ ('features/tickets/api/get-ticket.ts'). */
type Sources = Record<string, string>;

const SHARED = new Set(['components', 'lib', 'hooks', 'config', 'styles', 'test']);

/** 'app', 'features/<name>', 'shared', or 'entry' (main.tsx). */
function layerOf(path: string): string {
  const [top = '', name = ''] = path.split('/');
  if (top === 'app') return 'app';
  if (top === 'features') return `features/${name}`;
  return SHARED.has(top) ? 'shared' : 'entry';
}

const IMPORT = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

/** Every relative import of the sources that points backwards or sideways, with its file. */
export function importViolations(sources: Sources): string[] {
  const out: string[] = [];
  for (const [file, text] of Object.entries(sources)) {
    const from = layerOf(file);
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (!spec.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file), spec));
      if (target.startsWith('../')) continue; // outside src/ (web/env.schema.ts)
      const to = layerOf(target);
      if (to === from || to === 'shared' || from === 'entry' || (from === 'app' && to.startsWith('features/'))) continue;
      out.push(`${file} imports '${spec}' (${to}): ${from === 'shared' ? 'components/, lib/ and hooks/ import no feature and no app/' : to === 'app' ? 'a feature never imports app/' : 'a feature never imports another feature'}`);
    }
  }
  return out;
}

const CALL = /\bapi\.(get|post|put|patch|delete)\b[^(]*?\(\s*(['"`])([^'"`]*)\2/g;

/** Endpoints (method and path, `{}` for a parameter) called from more than one file. */
export function endpointViolations(sources: Sources): string[] {
  const callers = new Map<string, Set<string>>();
  for (const [file, text] of Object.entries(sources)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const m of text.matchAll(CALL)) {
      const endpoint = `${m[1]!.toUpperCase()} ${m[3]!.replace(/\$\{[^}]*\}/g, '{}')}`;
      callers.set(endpoint, (callers.get(endpoint) ?? new Set()).add(file));
    }
  }
  return [...callers].filter(([, files]) => files.size > 1).map(([endpoint, files]) => `${endpoint} is called from ${[...files].join(' and ')}: one file per endpoint (lib/ when several features need it)`);
}

const srcDir = __dirname;
function readSources(dir = srcDir): Sources {
  return Object.fromEntries(
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) return Object.entries(readSources(p));
      return /\.tsx?$/.test(f) ? [[relative(srcDir, p).split(sep).join('/'), readFileSync(p, 'utf8')]] : [];
    }),
  );
}

describe('web layers', () => {
  const sources = readSources();

  it('reads the whole app', () => {
    expect(Object.keys(sources).filter((f) => f.startsWith('features/')).length).toBeGreaterThan(200);
  });

  it('no feature imports app/ or another feature; components/, lib/, hooks/ and config/ import neither', () => {
    expect(importViolations(sources)).toEqual([]);
  });

  it('each API endpoint is called from one file', () => {
    expect(endpointViolations(sources)).toEqual([]);
  });

  it('names the backward imports and the endpoints called twice', () => {
    const bad: Sources = {
      'features/contacts/hooks/use-chat.ts': "import { paths } from '../../../app/paths';\nimport { x } from '../../tickets/lib/x';\nimport { y } from '../lib/y';",
      'lib/queues.ts': "export { z } from '../features/queues/lib/z';",
      'components/ui/modal.tsx': "const Page = lazy(() => import('../../app/routes/app/queues'));\nimport '../../styles/a.css';",
      'app/routes/app/tickets.tsx': "import { TicketList } from '../../../features/tickets/components/ticket-list';",
      'features/contacts/api/get-contact.ts': 'api.get<ContactView>(`/contacts/${id}`)',
      'features/tickets/api/get-contact.ts': 'api.get<ContactView>(\n  `/contacts/${contactId}`)',
      'features/tickets/api/get-tickets.ts': "api.get<TicketsPage>('/tickets'); api.post<TicketView>('/tickets', body)",
    };
    expect(importViolations(bad)).toEqual([
      "features/contacts/hooks/use-chat.ts imports '../../../app/paths' (app): a feature never imports app/",
      "features/contacts/hooks/use-chat.ts imports '../../tickets/lib/x' (features/tickets): a feature never imports another feature",
      "lib/queues.ts imports '../features/queues/lib/z' (features/queues): components/, lib/ and hooks/ import no feature and no app/",
      "components/ui/modal.tsx imports '../../app/routes/app/queues' (app): components/, lib/ and hooks/ import no feature and no app/",
    ]);
    expect(endpointViolations(bad)).toEqual([
      'GET /contacts/{} is called from features/contacts/api/get-contact.ts and features/tickets/api/get-contact.ts: one file per endpoint (lib/ when several features need it)',
    ]);
  });
});
