import { describe, expect, it } from 'vitest';
import { buildUserBody, emptyUserForm, userFormPermissions, type UserFormValues } from './user-form';

const admin = userFormPermissions({ profile: 'admin', super: false });
const agent = userFormPermissions({ profile: 'user', super: false });
const form = (over: Partial<UserFormValues> = {}): UserFormValues => ({ ...emptyUserForm, name: 'Carla', email: 'Carla@Example.com', password: 'secret', confirm: 'secret', ...over });

describe('user form (spec 1 §5, §6)', () => {
  it('admins may set everything; agents only their password and farewell', () => {
    expect(admin).toEqual({ identity: true, profile: true, queues: true, hours: true, allUserChat: true });
    expect(agent).toEqual({ identity: false, profile: false, queues: false, hours: false, allUserChat: false });
    expect(userFormPermissions({ profile: 'user', super: true }).profile).toBe(true);
  });

  it('create: builds the body with defaults 00:00–23:59 and a normalised e-mail', () => {
    const r = buildUserBody(form(), 'create', admin);
    expect(r).toEqual({
      ok: true,
      body: { name: 'Carla', email: 'carla@example.com', password: 'secret', profile: 'user', queueIds: [], whatsappId: null, startWork: '00:00', endWork: '23:59', farewellMessage: '', allUserChat: false },
    });
  });

  it('create: required fields, lengths and e-mail with the spec messages', () => {
    const r = buildUserBody(form({ name: '', email: 'nope', password: '', confirm: '' }), 'create', admin);
    expect(r).toEqual({ ok: false, errors: { name: 'validation.required', email: 'validation.invalidEmail', password: 'validation.required' } });
    const short = buildUserBody(form({ name: 'C', password: '1234', confirm: '1234' }), 'create', admin);
    expect(short.ok ? {} : short.errors).toEqual({ name: 'validation.tooShort', password: 'validation.tooShort' });
    const long = buildUserBody(form({ name: 'x'.repeat(51), password: 'p'.repeat(51), confirm: 'p'.repeat(51) }), 'create', admin);
    expect(long.ok ? {} : long.errors).toEqual({ name: 'validation.tooLong', password: 'validation.tooLong' });
  });

  it('the confirmation must match', () => {
    const r = buildUserBody(form({ confirm: 'other' }), 'create', admin);
    expect(r.ok ? {} : r.errors).toEqual({ confirm: 'validation.passwordsMismatch' });
  });

  it('edit: an empty password is kept, not sent', () => {
    const r = buildUserBody(form({ password: '', confirm: '' }), 'edit', admin);
    expect(r.ok && 'password' in r.body).toBe(false);
  });

  it('edit by an agent of their own profile: no name, e-mail, profile, queues or hours in the body', () => {
    const r = buildUserBody(form({ name: '', farewellMessage: 'Até logo!', profile: 'admin', startWork: '08:00' }), 'edit', agent);
    expect(r).toEqual({ ok: true, body: { password: 'secret', farewellMessage: 'Até logo!' } });
  });

  it('working hours must be HH:MM', () => {
    const r = buildUserBody(form({ startWork: '8h' }), 'create', admin);
    expect(r.ok ? {} : r.errors).toEqual({ startWork: 'validation.invalidTime' });
  });
});
