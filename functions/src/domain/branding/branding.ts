/**
 * Platform branding (spec 2 "Settings page", §5): logos and icons, the terms and privacy PDFs, and
 * the colour theme. The super admin uploads a file as every upload goes (POST /messages/upload, a
 * presigned PUT to the company's upload prefix: API Gateway and Lambda never carry the bytes), then
 * names its key here with the destination. The file is checked by content (PNG signature and the
 * IHDR's width and height; the PDF signature), copied server-side under `platform/branding/`, and
 * recorded; GET /branding (public: the login page shows it) answers short-lived URLs to it.
 *
 * The theme: the platform company's (id 1) appearance settings, read by every company's users.
 */
import { randomUUID } from 'node:crypto';
import { COMPANY_NEVER_EXPIRES_ID } from '@conversa/shared/constants';
import { BRAND_COLOR_KEYS, DOC_MAX_BYTES, LOGO_MAX_BYTES, LOGO_SIZES, type BrandingView, type DocRef, type LogoRef, type UploadAnswer } from '@conversa/shared/schemas/branding';
import { brandingFiles, putBrandingFile, type BrandingFile } from '../../adapters/db/branding';
import { getSettings } from '../../adapters/db/settings';
import { copyMedia, presignRead } from '../../adapters/media';
import { AppError } from '../../lib/app-error';
import { fitsType } from '../../lib/file-signature';
import { isPng, pngSize } from '../../lib/png-size';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';
import { uploadedFile } from '../messages/upload-media';

const ANSWER: UploadAnswer = { mensagem: 'Arquivo Anexado' };
const describe = (f: BrandingFile | undefined) => (f ? { size: f.size, ...(f.width ? { width: f.width, height: f.height } : {}), uploadedAt: f.updatedAt } : undefined);

async function store(auth: AuthContext, file: Omit<BrandingFile, 'updatedAt' | 'updatedBy'>, from: string, contentType: string): Promise<UploadAnswer> {
  await copyMedia(from, file.key, contentType, file.kind === 'DOC' ? `${file.ref}.pdf` : undefined);
  const record: BrandingFile = { ...file, updatedAt: new Date().toISOString(), updatedBy: auth.userId };
  const was = await putBrandingFile(record);
  await recordAudit(auth, { action: file.kind === 'LOGO' ? 'branding.logo' : 'branding.document', target: { id: file.ref, name: file.ref }, before: describe(was) ?? {}, after: describe(record)! });
  return ANSWER;
}

/** POST /settings/media-upload?ref=: a PNG of the destination's exact size. */
export async function uploadLogo(auth: AuthContext, ref: LogoRef, key: string): Promise<UploadAnswer> {
  const file = await uploadedFile(auth.companyId, key, LOGO_MAX_BYTES).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'ERR_MEDIA_TOO_LARGE' ? new AppError('ERR_BRANDING_TOO_LARGE') : err;
  });
  if (!isPng(file.head)) throw new AppError('ERR_BRANDING_NOT_PNG');
  const size = pngSize(file.head);
  const want = LOGO_SIZES[ref];
  if (!size) throw new AppError('ERR_BRANDING_NOT_PNG');
  if (size.width !== want.width || size.height !== want.height) {
    throw new AppError('ERR_BRANDING_WRONG_SIZE', undefined, undefined, { expected: want, got: size });
  }
  return store(auth, { kind: 'LOGO', ref, key: `platform/branding/${ref}-${randomUUID()}.png`, size: file.size, ...size }, key, 'image/png');
}

/** POST /settings/doc-upload?ref=: a PDF. */
export async function uploadDocument(auth: AuthContext, ref: DocRef, key: string): Promise<UploadAnswer> {
  const file = await uploadedFile(auth.companyId, key, DOC_MAX_BYTES).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'ERR_MEDIA_TOO_LARGE' ? new AppError('ERR_BRANDING_TOO_LARGE') : err;
  });
  if (!fitsType('application/pdf', file.head)) throw new AppError('ERR_BRANDING_NOT_PDF');
  return store(auth, { kind: 'DOC', ref, key: `platform/branding/${ref}-${randomUUID()}.pdf`, size: file.size }, key, 'application/pdf');
}

/** GET /branding: what exists, with URLs signed for a few minutes (signing reads nothing from S3), and the theme. */
export async function readBranding(): Promise<BrandingView> {
  const [files, settings] = await Promise.all([brandingFiles(), getSettings(COMPANY_NEVER_EXPIRES_ID)]);
  const view: BrandingView = { colors: Object.fromEntries(BRAND_COLOR_KEYS.map((k) => [k, settings[k]])) as BrandingView['colors'], logos: {}, documents: {} };
  await Promise.all(
    files.map(async (f) => {
      const entry = { url: await presignRead(f.key), updatedAt: f.updatedAt };
      if (f.kind === 'LOGO') view.logos[f.ref as LogoRef] = entry;
      else view.documents[f.ref as DocRef] = entry;
    }),
  );
  return view;
}
