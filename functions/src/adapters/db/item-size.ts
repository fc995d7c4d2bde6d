/**
 * An item's size as DynamoDB bills it (developer guide, "Item sizes and formats"): attribute
 * names (UTF-8 bytes) plus values — a string its UTF-8 bytes, a number 1 byte per two significant
 * digits plus 1, a binary its raw bytes, null and boolean 1 byte, a list or map 3 bytes plus its
 * elements with 1 byte each (a map's element also its name), a set the sum of its elements.
 * Items are in the wire shape ({ S }, { N }, ...), as the low-level client sends them.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/** Significant digits of a DynamoDB number: sign, point, exponent and leading/trailing zeros dropped. */
function numberSize(n: string): number {
  const mantissa = n.replace(/^[-+]/, '').split(/[eE]/)[0]!;
  const digits = mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

export function valueSize(v: AttributeValue): number {
  if (v.S !== undefined) return utf8(v.S);
  if (v.N !== undefined) return numberSize(v.N);
  if (v.B !== undefined) return v.B.length;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.SS) return v.SS.reduce((a, s) => a + utf8(s), 0);
  if (v.NS) return v.NS.reduce((a, s) => a + numberSize(s), 0);
  if (v.BS) return v.BS.reduce((a, b) => a + b.length, 0);
  if (v.L) return 3 + v.L.reduce((a, e) => a + 1 + valueSize(e), 0);
  if (v.M) return 3 + Object.entries(v.M).reduce((a, [k, e]) => a + 1 + utf8(k) + valueSize(e), 0);
  return 0;
}

/** Bytes of an item (its attribute names and values). */
export function itemSize(item: Record<string, AttributeValue> | undefined): number {
  if (!item) return 0;
  return Object.entries(item).reduce((a, [k, v]) => a + utf8(k) + valueSize(v), 0);
}

/** Write units of an item of this size: one per KB started (a transaction's item costs twice that). */
export const writeUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / 1024));
