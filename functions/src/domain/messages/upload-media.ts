/**
 * Media an agent attaches (DESIGN.md "Media"): the browser PUTs the file straight to S3 with a
 * presigned URL (API Gateway and Lambda cannot carry 20 MB bodies), then names the key when it
 * sends. The key sits under the company's upload prefix; on use it is checked again in S3
 * (exists, ≤ 20 MB), since a presigned URL cannot stop a client from sending something else.
 */
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import { isUploadTypeAllowed, type UploadTicket } from '@conversa/shared/schemas/messages';
import type { MediaType } from '@conversa/shared/channels';
import { readUpload } from '../../adapters/import-files';
import { headMedia, isCompanyKey, newUploadKey, presignUpload, uploadPrefix } from '../../adapters/media';
import { AppError } from '../../lib/app-error';
import { fitsType, SIGNATURE_BYTES } from '../../lib/file-signature';
import type { AuthContext } from '../auth/authenticate';

export async function requestUpload(auth: AuthContext, input: { filename: string; mimetype: string; size: number }): Promise<UploadTicket> {
  if (!isUploadTypeAllowed(input.mimetype)) throw new AppError('ERR_UPLOAD_TYPE_NOT_ALLOWED');
  if (input.size > UPLOAD_LIMIT_BYTES) throw new AppError('ERR_MEDIA_TOO_LARGE');
  const key = newUploadKey(auth.companyId, input.filename);
  return { key, ...(await presignUpload(key, input.mimetype.toLowerCase(), input.size)) };
}

/** The message media type of a file type (spec 1 §3). */
export function mediaTypeOf(mimetype: string): MediaType {
  const top = mimetype.toLowerCase().split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'application';
}

/**
 * An uploaded file the caller names: of their company, present, ≤ 20 MB, of an allowed type, and
 * its first bytes of that type (a program uploaded as an image is not one). The type stored with
 * the file (signed into its upload URL) wins over the one the send names.
 */
export async function checkUploaded(companyId: number, media: { key: string; mimetype?: string }): Promise<{ size: number; mimetype: string }> {
  if (!isOwnUpload(companyId, media.key)) throw new AppError('ERR_NO_PERMISSION');
  if (media.mimetype !== undefined && !isUploadTypeAllowed(media.mimetype)) throw new AppError('ERR_UPLOAD_TYPE_NOT_ALLOWED');
  const file = await uploadedFile(companyId, media.key, UPLOAD_LIMIT_BYTES);
  const mimetype = (file.contentType || media.mimetype || 'application/octet-stream').toLowerCase();
  if (!isUploadTypeAllowed(mimetype)) throw new AppError('ERR_UPLOAD_TYPE_NOT_ALLOWED');
  if (!fitsType(mimetype, file.head)) throw new AppError('ERR_UPLOAD_TYPE_MISMATCH');
  return { size: file.size, mimetype };
}

const isOwnUpload = (companyId: number, key: string): boolean => key.startsWith(uploadPrefix(companyId)) && isCompanyKey(companyId, key);

/**
 * A file the caller names by its key: one the server issued to the caller's company (under its
 * upload prefix), present, at most `maxBytes`; with its stored type and first bytes (to be checked
 * by content, not by name).
 */
export async function uploadedFile(companyId: number, key: string, maxBytes: number): Promise<{ size: number; contentType?: string; head: Buffer }> {
  if (!isOwnUpload(companyId, key)) throw new AppError('ERR_NO_PERMISSION');
  const stored = await headMedia(key);
  if (!stored) throw new AppError('ERR_NO_MEDIA_FOUND');
  if (stored.size > maxBytes) throw new AppError('ERR_MEDIA_TOO_LARGE');
  const head = await readUpload(key, SIGNATURE_BYTES);
  if (!head) throw new AppError('ERR_NO_MEDIA_FOUND');
  return { size: stored.size, ...(stored.contentType ? { contentType: stored.contentType } : {}), head };
}
