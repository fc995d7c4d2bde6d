import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUploadKey, presignRead, presignUpload, resetMediaClient, safeFilename, uploadPrefix } from './media';
import { resetEnvCache } from '../lib/config';

beforeAll(() => {
  process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
  process.env.AWS_SECRET_ACCESS_KEY = 'secret';
  process.env.MEDIA_BUCKET = 'media-test';
  delete process.env.S3_ENDPOINT;
  resetEnvCache();
  resetMediaClient();
});
afterAll(() => {
  resetEnvCache();
  resetMediaClient();
});

describe('media keys', () => {
  it('folds accents, drops paths and odd characters, never answers an empty name', () => {
    expect(safeFilename('Catálogo 2025 (final).pdf')).toBe('Catalogo_2025_final_.pdf');
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\ana\\foto.jpg')).toBe('foto.jpg');
    expect(safeFilename('..')).toBe('file');
    expect(safeFilename('.env')).toBe('env');
    expect(safeFilename('x'.repeat(300) + '.png')).toHaveLength(120);
  });

  it('puts every upload under the company prefix with a fresh folder', () => {
    const a = newUploadKey(7, 'a.png');
    const b = newUploadKey(7, 'a.png');
    expect(a.startsWith(uploadPrefix(7))).toBe(true);
    expect(uploadPrefix(7)).toBe('companies/7/uploads/');
    expect(a).not.toBe(b);
    expect(uploadPrefix(7).startsWith(uploadPrefix(70))).toBe(false);
  });
});

describe('presigned URLs', () => {
  it('a PUT signs type and length for 10 minutes and carries no checksum of an empty body', async () => {
    const t = await presignUpload('companies/7/uploads/u/a.png', 'image/png', 1234);
    const url = new URL(t.url);
    expect(url.pathname).toContain('companies/7/uploads/u/a.png');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    const signed = url.searchParams.get('X-Amz-SignedHeaders') ?? '';
    expect(signed.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(false);
    expect(t.headers).toEqual({ 'content-type': 'image/png' });
  });

  it('a GET lives 10 minutes and names the file', async () => {
    const url = new URL(await presignRead('companies/7/media/1/x', 'relatório.pdf'));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('response-content-disposition')).toBe("inline; filename*=UTF-8''relat%C3%B3rio.pdf");
  });
});
