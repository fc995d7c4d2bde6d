/**
 * The layers of functions/src go one way (DESIGN.md "The shape", STYLE.md "SST monorepo"):
 * handlers (`http/`, `ws/`, `workers/`, `webhooks/`) → `domain/` → `adapters/`, with `lib/` under
 * all of them. Every import of every source file is read (type-only imports, re-exports and
 * dynamic imports too); a backward one fails the test naming the file and the import. Test files
 * may import anything.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(fileURLToPath(import.meta.url));
const HANDLERS = ['http', 'ws', 'workers', 'webhooks'] as const;

/** What a layer must not import (by the top folder under functions/src). */
const FORBIDDEN: Record<string, readonly string[]> = {
  domain: HANDLERS,
  adapters: ['domain', ...HANDLERS],
  lib: ['domain', ...HANDLERS],
  ...Object.fromEntries(HANDLERS.map((h) => [h, ['adapters']])),
};

const isTest = (file: string) => /\.test\.ts$/.test(file);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const layerOf = (fromRoot: string): string => fromRoot.split('/')[0] ?? '';

/** The backward imports of one file (path relative to functions/src, posix), as messages. */
export function backwardImports(file: string, text: string): string[] {
  if (isTest(file)) return [];
  const own = layerOf(file);
  const forbidden = FORBIDDEN[own] ?? [];
  const out: string[] = [];
  for (const { fileName: spec } of ts.preProcessFile(text, true, true).importedFiles) {
    let target: string | undefined;
    if (spec.startsWith('.')) target = posix.normalize(posix.join(posix.dirname(file), spec));
    else if (spec.startsWith('@conversa/functions/')) target = spec.slice('@conversa/functions/'.length);
    if (target === undefined || target.startsWith('..')) continue;
    const layer = layerOf(target);
    if (forbidden.includes(layer)) out.push(`functions/src/${file} imports '${spec}' (${own}/ → ${layer}/)`);
  }
  return out;
}

describe('functions/src layers', () => {
  it('no file imports against the direction handlers → domain → adapters (lib under all)', () => {
    const found = sources(ROOT).flatMap((path) => backwardImports(relative(ROOT, path).split(/[\\/]/).join('/'), readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });

  it('sees every kind of import, and lets test files import anything', () => {
    const text = [
      "import { QUEUE } from '../../workers/queues';",
      "import type { Endpoint } from '../../http/endpoint';",
      "export { publish } from '../../ws/handler';",
      "const m = await import('../../webhooks/receive');",
      "import { log } from '../../lib/log';",
      "import { getTicket } from '../../adapters/db/tickets';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(backwardImports('domain/tickets/x.ts', text)).toEqual([
      "functions/src/domain/tickets/x.ts imports '../../workers/queues' (domain/ → workers/)",
      "functions/src/domain/tickets/x.ts imports '../../http/endpoint' (domain/ → http/)",
      "functions/src/domain/tickets/x.ts imports '../../ws/handler' (domain/ → ws/)",
      "functions/src/domain/tickets/x.ts imports '../../webhooks/receive' (domain/ → webhooks/)",
    ]);
    expect(backwardImports('http/users.ts', "import { publicUser } from '../adapters/db/users';")).toEqual(["functions/src/http/users.ts imports '../adapters/db/users' (http/ → adapters/)"]);
    expect(backwardImports('adapters/queue.ts', "import { QUEUES } from '@conversa/functions/workers/queues';")).toHaveLength(1);
    expect(backwardImports('lib/http.ts', "import { loadCaller } from '../domain/auth/authenticate';")).toHaveLength(1);
    expect(backwardImports('domain/tickets/x.test.ts', text)).toEqual([]);
  });
});
