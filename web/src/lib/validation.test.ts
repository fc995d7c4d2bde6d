import { describe, expect, it } from 'vitest';
import { SignupBody, ResetPasswordParams } from '@conversa/shared/schemas/auth';
import { messageKey, validate } from './validation';

describe('validation messages → i18n keys', () => {
  it('maps the spec texts of the shared schemas', () => {
    expect(messageKey('Too Short!')).toBe('validation.tooShort');
    expect(messageKey('Muito extenso!')).toBe('validation.signupTooLong');
    expect(messageKey('something new')).toBe('something new');
  });

  it('signup: Muito curto! / Email inválido / Required', () => {
    const r = validate(SignupBody, { companyName: 'A', name: 'x'.repeat(51), email: 'bad', password: '', phone: '', planId: 2 }, ['password']);
    expect(r).toEqual({ ok: false, errors: { companyName: 'validation.signupTooShort', name: 'validation.signupTooLong', email: 'validation.signupInvalidEmail', password: 'validation.required' } });
  });

  it('reset password: the strong-password rule and the 6-digit code', () => {
    const r = validate(ResetPasswordParams, { email: 'a@b.co', token: '12a', newPassword: 'abcdefgh' });
    expect(r).toEqual({ ok: false, errors: { token: 'validation.invalidCode', newPassword: 'validation.strongPassword' } });
    expect(validate(ResetPasswordParams, { email: 'a@b.co', token: '123456', newPassword: 'Abcdefg1' }).ok).toBe(true);
  });
});
