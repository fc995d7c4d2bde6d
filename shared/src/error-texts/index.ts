/** Every language's error texts at once, for the SPA (a server function loads one at a time: errors.ts `errorTexts`). */
import type { ErrorCode, Lang } from '../errors';
import { EN } from './en';
import { PT } from './pt';
import { ES } from './es';
import { TR } from './tr';

export const ERROR_TEXTS: Record<Lang, Record<ErrorCode, string>> = { pt: PT, en: EN, es: ES, tr: TR };
