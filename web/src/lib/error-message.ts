/** The shared error handler of spec 1 §8: translated code, else the raw message, else a generic text. */
import { isErrorCode, type Lang } from '@conversa/shared/errors';
import { ERROR_TEXTS } from '@conversa/shared/error-texts/index';
import { isApiError } from './api-error';

export function errorMessage(err: unknown, lang: Lang, generic: string): string {
  if (isApiError(err)) {
    if (isErrorCode(err.code)) return ERROR_TEXTS[lang][err.code];
    if (err.message) return err.message;
    if (err.code) return err.code;
    return generic;
  }
  if (typeof err === 'string' && err) return isErrorCode(err) ? ERROR_TEXTS[lang][err] : err;
  if (err instanceof Error && err.message) return isErrorCode(err.message) ? ERROR_TEXTS[lang][err.message] : err.message;
  return generic;
}
