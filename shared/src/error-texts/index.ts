/** Every language's error texts at once, for the SPA (a server function loads one at a time: errors.ts `errorTexts`). */
import { ERRORS, type ErrorCode, type Lang } from '../errors';
import { EN } from './en';
import { ES } from './es';
import { TR } from './tr';

const PT = Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.pt])) as Record<ErrorCode, string>;

export const ERROR_TEXTS: Record<Lang, Record<ErrorCode, string>> = { pt: PT, en: EN, es: ES, tr: TR };
