/**
 * Platform branding (spec 2 "Settings page" Logos/Icons, Documents, Colors; §5 uploads): logos and
 * icons (PNG of a fixed size per destination), the terms and privacy PDFs, and the colour theme.
 * Platform-wide: the super admin sets them, every company's users (and the login page, before
 * anyone signs in) read them.
 */
import { z } from 'zod';

/**
 * Logo destinations and their sizes in pixels (spec 2 §5). The spec gives no size for
 * apple-touch-icon: 180×180 is Apple's own size for it.
 */
export const LOGO_SIZES = {
  login: { width: 300, height: 200 },
  interno: { width: 300, height: 200 },
  'favicon-32x32': { width: 32, height: 32 },
  'favicon-256x256': { width: 256, height: 256 },
  'apple-touch-icon': { width: 180, height: 180 },
} as const;
export type LogoRef = keyof typeof LOGO_SIZES;
export const LOGO_REFS = Object.keys(LOGO_SIZES) as LogoRef[];

export const DOC_REFS = ['termos', 'privacidade'] as const;
export type DocRef = (typeof DOC_REFS)[number];

/** Largest logo and document kept (a PNG of 300×200 is far smaller; a terms PDF of a few pages too). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const DOC_MAX_BYTES = 10 * 1024 * 1024;

/** `?ref=` of POST /settings/media-upload and /settings/doc-upload. */
export const MediaUploadQuery = z.object({ ref: z.enum(LOGO_REFS as [LogoRef, ...LogoRef[]]) }).strict();
export const DocUploadQuery = z.object({ ref: z.enum(DOC_REFS) }).strict();

/**
 * The file, already PUT to S3 through POST /messages/upload's presigned URL (DESIGN.md "Media":
 * API Gateway and Lambda do not carry file bodies); the key must be one issued to the caller's company.
 */
export const StoredFileBody = z.object({ key: z.string().min(1).max(1024) }).strict();

/** Answer of a branding upload (spec 2 §7). */
export type UploadAnswer = { mensagem: 'Arquivo Anexado' };

/** The colour keys of the theme (spec 2 §3 Settings). */
export const BRAND_COLOR_KEYS = ['mainColor', 'scrollbarColor', 'toolbarBackground', 'backgroundPages'] as const;
export type BrandColorKey = (typeof BRAND_COLOR_KEYS)[number];

/** GET /branding (public): what exists, with short-lived URLs, and the theme. */
export type BrandingView = {
  colors: Record<BrandColorKey, string>;
  logos: Partial<Record<LogoRef, { url: string; updatedAt: string }>>;
  documents: Partial<Record<DocRef, { url: string; updatedAt: string }>>;
};

/** The 50 fixed swatches of the Colors tab (spec 2 §9): ten hues in five shades, then greys. */
export const PALETTE: readonly string[] = [
  '#007FAD', '#005F82', '#00A3DE', '#4FC3F7', '#B3E5FC',
  '#1565C0', '#0D47A1', '#1E88E5', '#64B5F6', '#BBDEFB',
  '#2E7D32', '#1B5E20', '#43A047', '#81C784', '#C8E6C9',
  '#00897B', '#004D40', '#26A69A', '#80CBC4', '#B2DFDB',
  '#6A1B9A', '#4A148C', '#8E24AA', '#BA68C8', '#E1BEE7',
  '#C62828', '#B71C1C', '#E53935', '#E57373', '#FFCDD2',
  '#EF6C00', '#E65100', '#FB8C00', '#FFB74D', '#FFE0B2',
  '#F9A825', '#F57F17', '#FDD835', '#FFF176', '#FFF9C4',
  '#AD1457', '#880E4F', '#D81B60', '#F06292', '#F8BBD0',
  '#000000', '#212121', '#616161', '#9E9E9E', '#FFFFFF',
];
