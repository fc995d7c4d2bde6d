/** Where things live in the monorepo, resolved from this file so the CLI's working directory does not matter. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');
export const FUNCTIONS_SRC = join(REPO_ROOT, 'functions', 'src');
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');
export const SESSION_HOST_DOCKERFILE = 'session-host/Dockerfile';

/** `http/auth` → `<repo>/functions/src/http/auth.ts` (the module names used by ROUTES, QUEUES and TICK). */
export function functionEntry(module: string): string {
  return join(FUNCTIONS_SRC, `${module}.ts`);
}
