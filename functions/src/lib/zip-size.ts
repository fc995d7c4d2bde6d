/**
 * How much a zip file (an .xlsx) unpacks to, from its central directory alone: the end-of-central-
 * directory record in the file's last bytes gives where the directory is; each directory entry
 * gives its file's uncompressed size. Nothing is inflated, so a zip bomb is measured, not opened.
 * ZIP64 archives (sizes of 4 GB and more) answer Infinity: no import is that large.
 */
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
/** The EOCD record is 22 bytes plus a comment of at most 65,535. */
export const ZIP_TAIL_BYTES = 22 + 0xffff;

export type ZipDirectory = { offset: number; size: number; entries: number };

/** Where the central directory is, from the file's tail (`tail` ends where the file ends). */
export function findDirectory(tail: Buffer): ZipDirectory | undefined {
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD) continue;
    const entries = tail.readUInt16LE(i + 10);
    const size = tail.readUInt32LE(i + 12);
    const offset = tail.readUInt32LE(i + 16);
    if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) return { offset: Infinity, size: Infinity, entries: Infinity };
    return { offset, size, entries };
  }
  return undefined;
}

/** The sum of the uncompressed sizes the directory lists; undefined when it is not a directory. */
export function unpackedSize(directory: Buffer, entries: number): number | undefined {
  let total = 0;
  let at = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL) return undefined;
    const size = directory.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return total;
}
