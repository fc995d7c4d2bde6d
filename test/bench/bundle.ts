/**
 * What a route costs to load, gzip: the entry's static imports plus the route's lazy chunk and its
 * static imports (from Vite's build manifest), each file counted once. The lazy chunks a page
 * loads later (dialogs, other languages) are not counted: they are not on the way to first paint.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

export function routeSizes(dist: string, routes: Record<string, string[]>): string[] {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return ['Route sizes: no web/dist/.vite/manifest.json (npm run build -w @conversa/web)'];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const gz = new Map<string, number>();
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
    return gz.get(file)!;
  };
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const i of manifest[key]!.imports ?? []) closure(i, into);
  };
  const lines = ['', 'Web routes (gzip: entry + route chunks and their static imports; JS, then CSS)', ''];
  for (const [name, modules] of Object.entries(routes)) {
    const keys = new Set<string>();
    closure(entry, keys);
    for (const m of modules) {
      if (!manifest[m]) return [`Route sizes: ${m} is not a chunk of the build`];
      closure(m, keys);
    }
    const js = [...keys].reduce((a, k) => a + size(manifest[k]!.file), 0);
    const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))].reduce((a, f) => a + size(f), 0);
    lines.push(`  ${name.padEnd(34)} ${(js / 1024).toFixed(1).padStart(7)} KB JS  ${(css / 1024).toFixed(1).padStart(6)} KB CSS`);
  }
  return lines;
}
