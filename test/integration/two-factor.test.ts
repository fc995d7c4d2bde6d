/**
 * The optional TOTP second factor: enrolment from the profile (QR URI, first code, recovery codes
 * shown once, the secret never again and sealed at rest), login in two steps (each code and each
 * recovery code once), wrong codes locked out per user, the company's rule sending users without it
 * to enrol at login, and an admin's reset (audited).
 */
import { describe, expect, it } from 'vitest';
import { getUser } from '../../functions/src/adapters/db/users';
import { hotp, stepAt } from '../../functions/src/domain/auth/totp';
import { Client, newCompany, PASSWORD, signedIn, unique } from '../support/api';

/** An authenticator: the code of the current step, never one of a step it already showed. */
function authenticator(secret: string) {
  let last = -1;
  return () => {
    last = Math.max(stepAt(Date.now()), last + 1);
    return hotp(secret, last);
  };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function newUser(admin: Client, profile = 'user') {
  const email = `${unique('pessoa')}@example.test`;
  const res = await admin.call('POST', '/users', { body: { name: 'Pessoa 2FA', email, password: PASSWORD, profile } });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, email };
}

/** Signs in from the profile and turns the second factor on; answers the authenticator and the recovery codes. */
async function enrolled(email: string) {
  const c = await signedIn(email);
  const setup = await c.call('POST', '/auth/2fa/setup');
  expect(setup.status).toBe(200);
  const next = authenticator(setup.body.secret);
  const on = await c.call('POST', '/auth/2fa/enable', { body: { code: next() } });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { client: c, next, secret: setup.body.secret as string, recoveryCodes: on.body.recoveryCodes as string[] };
}

describe('two-step verification', () => {
  it('enrols from the profile: an otpauth URI, a first code, ten recovery codes; the secret is never shown again nor stored in clear', async () => {
    const { admin, companyId } = await newCompany();
    const u = await newUser(admin);
    const c = await signedIn(u.email);
    const setup = await c.call('POST', '/auth/2fa/setup');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toBe(`otpauth://totp/Conversa%3A${encodeURIComponent(u.email)}?secret=${setup.body.secret}&issuer=Conversa&algorithm=SHA1&digits=6&period=30`);
    const next = authenticator(setup.body.secret);
    const code = next();
    const bad = await c.call('POST', '/auth/2fa/enable', { body: { code: wrong(code) } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_INVALID_2FA_CODE');
    const on = await c.call('POST', '/auth/2fa/enable', { body: { code } });
    expect(on.status).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    expect(new Set(on.body.recoveryCodes).size).toBe(10);
    for (const r of on.body.recoveryCodes) expect(r).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    expect((await c.call('GET', '/auth/me')).body.twoFactor).toBe(true);
    expect((await c.call('POST', '/auth/2fa/setup')).body.error).toBe('ERR_2FA_ALREADY_ENABLED');
    const seen = JSON.stringify([(await c.call('GET', '/auth/me')).body, (await admin.call('GET', `/users/${u.id}`)).body, (await admin.call('GET', '/users')).body]);
    expect(seen).not.toContain(setup.body.secret);
    const stored = JSON.stringify(await getUser(companyId, u.id, true));
    expect(stored).not.toContain(setup.body.secret);
    for (const r of on.body.recoveryCodes) expect(stored).not.toContain(r);
  });

  it('signs in in two steps; a code and a recovery code each work once; the challenge is no access token', async () => {
    const { admin } = await newCompany();
    const u = await newUser(admin);
    const { next, recoveryCodes } = await enrolled(u.email);

    const c = new Client();
    const first = await c.call('POST', '/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactor: 'verify', challenge: expect.any(String) });
    expect(c.cookies.has('jrt')).toBe(false);
    expect((await c.call('GET', '/auth/me', { token: first.body.challenge })).status).toBe(401);

    const code = next();
    expect((await c.call('POST', '/auth/2fa/verify', { body: { challenge: first.body.challenge, code: wrong(code) } })).body.error).toBe('ERR_INVALID_2FA_CODE');
    const ok = await c.call('POST', '/auth/2fa/verify', { body: { challenge: first.body.challenge, code } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.user.email).toBe(u.email);
    expect(ok.body.recoveryCodes).toBeUndefined();
    expect(c.cookies.has('jrt')).toBe(true);
    expect((await c.call('GET', '/auth/me', { token: ok.body.token })).status).toBe(200);

    // the same code again (a replay within its 30 s) is refused
    const again = await new Client().call('POST', '/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect((await c.call('POST', '/auth/2fa/verify', { body: { challenge: again.body.challenge, code } })).body.error).toBe('ERR_INVALID_2FA_CODE');
    // a recovery code (typed upper-case, without its dash) once, then never again
    const typed = recoveryCodes[3]!.replace('-', '').toUpperCase();
    expect((await c.call('POST', '/auth/2fa/verify', { body: { challenge: again.body.challenge, recoveryCode: typed } })).status).toBe(200);
    const third = await new Client().call('POST', '/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect((await c.call('POST', '/auth/2fa/verify', { body: { challenge: third.body.challenge, recoveryCode: recoveryCodes[3] } })).body.error).toBe('ERR_INVALID_2FA_CODE');

    expect((await c.call('POST', '/auth/2fa/verify', { body: { challenge: `${third.body.challenge.slice(0, -4)}AAAA`, code: next() } })).body.error).toBe('ERR_2FA_CHALLENGE_EXPIRED');
    expect((await c.call('POST', '/auth/2fa/verify', { body: { challenge: third.body.challenge } })).body.error).toBe('ERR_VALIDATION');
  });

  it('locks a user out after five wrong codes, the right one included, and says for how long', async () => {
    const { admin } = await newCompany();
    const u = await newUser(admin);
    const { next } = await enrolled(u.email);
    const { challenge } = (await new Client().call('POST', '/auth/login', { body: { email: u.email, password: PASSWORD } })).body;
    const c = new Client();
    const code = next();
    for (let i = 0; i < 5; i++) expect((await c.call('POST', '/auth/2fa/verify', { body: { challenge, code: wrong(code) } })).body.error).toBe('ERR_INVALID_2FA_CODE');
    const locked = await c.call('POST', '/auth/2fa/verify', { body: { challenge, code } });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
    expect(locked.body.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(locked.body.details.retryAfterSeconds).toBeLessThanOrEqual(900);
    // another user of the company is not locked
    const other = await newUser(admin);
    const o = await enrolled(other.email);
    const oc = (await new Client().call('POST', '/auth/login', { body: { email: other.email, password: PASSWORD } })).body.challenge;
    expect((await c.call('POST', '/auth/2fa/verify', { body: { challenge: oc, code: o.next() } })).status).toBe(200);
  });

  it("the company's rule sends users without it to enrol at login; they cannot turn it off; an admin's reset is audited and sends them to enrol again", async () => {
    const { admin } = await newCompany();
    const u = await newUser(admin);
    expect((await admin.call('PUT', '/settings/twoFactorRequired', { body: { value: 'enabled' } })).status).toBe(200);

    const c = new Client();
    const first = await c.call('POST', '/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(first.body).toEqual({ twoFactor: 'enrol', challenge: expect.any(String) });
    // without enrolling there is no session
    expect((await c.call('POST', '/auth/2fa/verify', { body: { challenge: first.body.challenge, code: '123456' } })).body.error).toBe('ERR_2FA_NOT_ENROLLING');
    const setup = await c.call('POST', '/auth/2fa/enrol', { body: { challenge: first.body.challenge } });
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\//);
    const next = authenticator(setup.body.secret);
    const done = await c.call('POST', '/auth/2fa/verify', { body: { challenge: first.body.challenge, code: next() } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.body.user.twoFactor).toBe(true);
    c.token = done.body.token;

    const off = await c.call('POST', '/auth/2fa/disable', { body: { code: next() } });
    expect(off.status).toBe(403);
    expect(off.body.error).toBe('ERR_2FA_REQUIRED');

    // while the rule is on, a login without a second factor gets no token
    const someone = await new Client().call('POST', '/auth/login', { body: { email: (await newUser(admin)).email, password: PASSWORD } });
    expect(someone.body.twoFactor).toBe('enrol');
    expect(someone.body.token).toBeUndefined();

    expect((await admin.call('DELETE', `/users/${u.id}/2fa`)).status).toBe(204);
    expect((await admin.call('DELETE', `/users/${u.id}/2fa`)).body.error).toBe('ERR_2FA_NOT_ENABLED');
    expect((await admin.call('GET', `/users/${u.id}`)).body.twoFactor).toBe(false);
    const audit = await admin.call('GET', '/audit?action=user.twoFactorReset');
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ targetId: String(u.id), before: { twoFactor: true }, after: { twoFactor: false } });
    const rule = await admin.call('GET', '/audit?action=setting.update');
    expect(rule.body.items[0]).toMatchObject({ targetId: 'twoFactorRequired', before: { value: 'disabled' }, after: { value: 'enabled' } });
    expect((await new Client().call('POST', '/auth/login', { body: { email: u.email, password: PASSWORD } })).body.twoFactor).toBe('enrol');

    // agents may not reset anyone's
    const plain = await newUser(admin);
    expect((await admin.call('PUT', '/settings/twoFactorRequired', { body: { value: 'disabled' } })).status).toBe(200);
    const agentClient = await signedIn(plain.email);
    expect((await agentClient.call('DELETE', `/users/${u.id}/2fa`)).status).toBe(403);
  });

  it('turns off with a code when the company does not require it; the login is one step again', async () => {
    const { admin } = await newCompany();
    const u = await newUser(admin);
    const { client, next } = await enrolled(u.email);
    const code = next();
    expect((await client.call('POST', '/auth/2fa/disable', { body: { code: wrong(code) } })).body.error).toBe('ERR_INVALID_2FA_CODE');
    expect((await client.call('POST', '/auth/2fa/disable', { body: { code } })).status).toBe(204);
    const login = await new Client().call('POST', '/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(login.body.token).toMatch(/^ey/);
    expect(login.body.user.twoFactor).toBe(false);
  });
});
