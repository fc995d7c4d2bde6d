import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '../constants';
import { UploadRequestBody } from './messages';

describe('the upload limit', () => {
  it('is 20 MB, and POST /messages/upload asks for no more', () => {
    expect(UPLOAD_LIMIT_BYTES).toBe(20 * 1024 * 1024);
    const body = (size: number) => ({ filename: 'a.mp4', mimetype: 'video/mp4', size });
    expect(UploadRequestBody.safeParse(body(UPLOAD_LIMIT_BYTES)).success).toBe(true);
    expect(UploadRequestBody.safeParse(body(UPLOAD_LIMIT_BYTES + 1)).success).toBe(false);
  });
});
