import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fitsType } from './file-signature';
import { isPng, pngSize } from './png-size';

/** A real PNG of w×h (one grey channel, no filter), with its CRCs left zero (the size reader ignores them). */
function png(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const chunk = (type: string, data: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, 0].map((_, i) => (data.length >>> (24 - 8 * i)) & 0xff)), Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  const rows = Buffer.alloc((w + 1) * h);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

describe('pngSize', () => {
  it('reads the width and height of the IHDR chunk', () => {
    expect(pngSize(png(300, 200))).toEqual({ width: 300, height: 200 });
    expect(pngSize(png(32, 32))).toEqual({ width: 32, height: 32 });
    expect(pngSize(png(180, 181))).toEqual({ width: 180, height: 181 });
  });

  it('needs the first 24 bytes only', () => {
    expect(pngSize(png(256, 256).subarray(0, 24))).toEqual({ width: 256, height: 256 });
    expect(pngSize(png(256, 256).subarray(0, 23))).toBeUndefined();
  });

  it('refuses what is not a PNG, or a PNG whose first chunk is not a valid IHDR', () => {
    expect(pngSize(Buffer.from('%PDF-1.7\n'.padEnd(40, ' ')))).toBeUndefined();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)]);
    expect(pngSize(jpeg)).toBeUndefined();
    const wrongChunk = png(10, 10);
    wrongChunk.write('IDAT', 12, 'latin1');
    expect(pngSize(wrongChunk)).toBeUndefined();
    const zero = png(10, 10);
    zero.writeUInt32BE(0, 16);
    expect(pngSize(zero)).toBeUndefined();
  });
});

describe('magic bytes of the branding files', () => {
  it('a PNG is a PNG, by its bytes not its name', () => {
    expect(isPng(png(1, 1))).toBe(true);
    expect(fitsType('image/png', png(1, 1))).toBe(true);
    // A JPEG or a program declared as PNG is not one.
    expect(fitsType('image/png', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]))).toBe(false);
    expect(fitsType('image/png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(60)]))).toBe(false);
    expect(isPng(Buffer.from('GIF89a......'))).toBe(false);
  });

  it('a PDF begins with %PDF-', () => {
    expect(fitsType('application/pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n'))).toBe(true);
    expect(fitsType('application/pdf', png(1, 1))).toBe(false);
    expect(fitsType('application/pdf', Buffer.from('<html>%PDF-</html>'))).toBe(false);
  });

  it('announcement attachments: png, jpeg, mp4, avi, mkv by content', () => {
    expect(fitsType('video/mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(20)]))).toBe(true);
    expect(fitsType('video/x-msvideo', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI '), Buffer.alloc(20)]))).toBe(true);
    expect(fitsType('video/x-matroska', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(20)]))).toBe(true);
    expect(fitsType('video/mp4', Buffer.from('just some text pretending to be a video'))).toBe(false);
  });
});
