/** The shared error handler of spec 1 §8: translated code, else the raw message, else a generic text. */
import { ERRORS, isErrorCode, type Lang } from '@conversa/shared/errors';
import { isApiError } from './api-error';

export function errorMessage(err: unknown, lang: Lang, generic: string): string {
  if (isApiError(err)) {
    if (isErrorCode(err.code)) return ERRORS[err.code][lang];
    if (err.message) return err.message;
    if (err.code) return err.code;
    return generic;
  }
  if (typeof err === 'string' && err) return isErrorCode(err) ? ERRORS[err][lang] : err;
  if (err instanceof Error && err.message) return isErrorCode(err.message) ? ERRORS[err.message][lang] : err.message;
  return generic;
}
