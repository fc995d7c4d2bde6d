/**
 * Finds Lambda handler modules by their path under a source root (`http/auth`, `ws/handler`,
 * `workers/tick`) and imports them lazily: a module someone adds while the stack runs is picked up
 * on the next call. Loaded modules are cached; failures are not.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './local-env';

export type AnyHandler = (event: any, context: any) => Promise<unknown> | unknown;

/** Returns the named export of a module (`undefined` when the module does not exist). */
export type ResolveHandler = (modulePath: string, exportName?: string) => Promise<AnyHandler | undefined>;

export const FUNCTIONS_ROOT = path.join(REPO_ROOT, 'functions', 'src');

export class HandlerExportError extends Error {}

export function moduleFile(root: string, modulePath: string): string | undefined {
  const base = path.resolve(root, modulePath.replace(/\.(ts|js|mjs)$/, ''));
  if (!base.startsWith(path.resolve(root) + path.sep)) return undefined;
  for (const candidate of [`${base}.ts`, `${base}.mts`, `${base}.js`, `${base}.mjs`, path.join(base, 'index.ts'), path.join(base, 'index.js')]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function handlerResolver(root: string = FUNCTIONS_ROOT): ResolveHandler {
  const cache = new Map<string, Promise<Record<string, unknown>>>();
  const files = new Map<string, string>();
  return async (modulePath, exportName = 'handler') => {
    const file = files.get(modulePath) ?? moduleFile(root, modulePath);
    if (!file) return undefined;
    files.set(modulePath, file);
    let loading = cache.get(file);
    if (!loading) {
      loading = import(pathToFileURL(file).href) as Promise<Record<string, unknown>>;
      cache.set(file, loading);
      loading.catch(() => cache.delete(file));
    }
    const mod = await loading;
    const fn = mod[exportName];
    if (typeof fn !== 'function') throw new HandlerExportError(`${path.relative(REPO_ROOT, file)} does not export a function named ${exportName}`);
    return fn as AnyHandler;
  };
}
