import { describe, expect, it } from 'vitest';
import type { ContactView } from '@conversa/shared/schemas/contacts';
import { buildContactBody, emptyContactForm, formFromContact, newExtraRow, sameForm } from './contact-form';

const form = (patch: Partial<ReturnType<typeof emptyContactForm>> = {}) => ({ ...emptyContactForm(), ...patch });

describe('buildContactBody (spec 1 §5)', () => {
  it('marks empty name and number Required', () => {
    const r = buildContactBody(form());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toMatchObject({ name: 'validation.required', number: 'validation.required' });
  });

  it('uses the spec messages for a short name, a short or long number and a bad e-mail', () => {
    const r = buildContactBody(form({ name: 'A', number: '12-34', email: 'not-an-email' }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toMatchObject({ name: 'validation.tooShort', number: 'validation.tooShort', email: 'validation.invalidEmail' });
    const long = buildContactBody(form({ name: 'x'.repeat(51), number: '1'.repeat(51) }));
    if (!long.ok) expect(long.errors).toMatchObject({ name: 'validation.tooLong', number: 'validation.tooLong' });
    else throw new Error('expected errors');
  });

  it('strips the number to digits, keeps filled extra info rows and drops empty ones', () => {
    const r = buildContactBody(
      form({ name: ' Maria ', number: '+55 (11) 98765-4321', email: 'Maria@Example.com', extraInfo: [newExtraRow('CPF', '123'), newExtraRow('', '')] }),
    );
    expect(r).toEqual({
      ok: true,
      body: expect.objectContaining({ name: 'Maria', number: '5511987654321', email: 'maria@example.com', extraInfo: [{ name: 'CPF', value: '123' }] }),
    });
  });

  it('asks for the name of an extra info row that has a value', () => {
    const r = buildContactBody(form({ name: 'Maria', number: '5511987654321', extraInfo: [newExtraRow('ok', '1'), newExtraRow('', 'orphan')] }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.extraInfoRows).toEqual({ 1: 'validation.required' });
  });
});

describe('sameForm', () => {
  const contact = {
    id: 1, name: 'Maria', number: '5511987654321', email: '', empresa: '', channel: 'whatsapp', isGroup: false, profilePicUrl: '',
    disableBot: false, acceptAudioMessage: true, active: true, extraInfo: [{ id: 'a', name: 'CPF', value: '1' }], createdAt: '', updatedAt: '',
  } satisfies ContactView;

  it('is true for a fresh copy of a saved contact (new row keys) and false after an edit', () => {
    const a = formFromContact(contact);
    expect(sameForm(a, formFromContact(contact))).toBe(true);
    expect(sameForm({ ...a, name: 'Mariana' }, a)).toBe(false);
    expect(sameForm({ ...a, extraInfo: [] }, a)).toBe(false);
  });
});
