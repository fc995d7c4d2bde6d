/**
 * A PNG's width and height from its first bytes: the 8-byte signature, then the IHDR chunk (which
 * the format requires first): length 13, type `IHDR`, width and height as big-endian 32-bit
 * integers (bytes 16–23). Undefined when the bytes are not a PNG with a valid IHDR.
 */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes needed to read the size. */
export const PNG_HEAD_BYTES = 24;

export const isPng = (head: Buffer): boolean => head.length >= SIGNATURE.length && head.subarray(0, SIGNATURE.length).equals(SIGNATURE);

export function pngSize(head: Buffer): { width: number; height: number } | undefined {
  if (head.length < PNG_HEAD_BYTES || !isPng(head)) return undefined;
  if (head.readUInt32BE(8) !== 13 || head.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const width = head.readUInt32BE(16);
  const height = head.readUInt32BE(20);
  // The format allows 1 to 2^31 − 1 in each.
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return undefined;
  return { width, height };
}
