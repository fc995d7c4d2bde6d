/**
 * Which request bodies name a storage key: the body schema's fields called `key` or `mediaKey`
 * (a `key` beside a `value` names a value, not a file),
 * found by walking the route's zod schema. The tenant harness requires a `storedFile` fixture for
 * each such route, so a new route that takes a key cannot skip the foreign-key case.
 */
import type { ZodType } from 'zod';

const KEY_FIELD = /^(key|mediaKey)$/;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

export function storageKeyFields(schema: ZodType | undefined): string[] {
  const out: string[] = [];
  const walk = (s: unknown, path: string) => {
    const def = (s as { _zod?: { def?: Record<string, any> } } | undefined)?._zod?.def;
    if (!def) return;
    if (def.type === 'object') {
      const shape = def.shape as Record<string, unknown>;
      for (const [k, v] of Object.entries(shape)) {
        // `{ key, value }` is a named value (a campaign variable's shortcut), not a storage key.
        if (KEY_FIELD.test(k) && !(k === 'key' && 'value' in shape)) out.push(`${path}${k}`);
        walk(v, `${path}${k}.`);
      }
    } else if (WRAPPERS.has(def.type)) walk(def.innerType, path);
    else if (def.type === 'pipe') walk(def.in, path);
    else if (def.type === 'union') for (const o of def.options as unknown[]) walk(o, path);
    else if (def.type === 'array') walk(def.element, `${path}[].`);
  };
  walk(schema, '');
  return out;
}

/** Attributes that only place an item in the table; no response may carry them. */
export const STORAGE_ATTRIBUTE = /"(PK|SK|GSI\d+PK|GSI\d+SK)":/;
