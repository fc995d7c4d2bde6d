import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorMessage } from './error-message';

describe('error toast text (spec 1 §8)', () => {
  it('translates a known code in the current language', () => {
    const err = new ApiError(409, 'ERR_DUPLICATED_EMAIL', 'dup');
    expect(errorMessage(err, 'pt', 'An error occurred!')).toBe('Este e-mail já está cadastrado.');
    expect(errorMessage(err, 'en', 'An error occurred!')).toBe('This e-mail is already registered.');
  });
  it('falls back to the raw message, then the generic text', () => {
    expect(errorMessage(new ApiError(400, 'ERR_SOMETHING_NEW', 'Raw text'), 'pt', 'G')).toBe('Raw text');
    expect(errorMessage(new ApiError(500, undefined, ''), 'pt', 'An error occurred!')).toBe('An error occurred!');
    expect(errorMessage(undefined, 'es', 'G')).toBe('G');
    expect(errorMessage('ERR_NO_PERMISSION', 'tr', 'G')).toBe('Bu kaynağa erişim izniniz yok.');
  });
});
