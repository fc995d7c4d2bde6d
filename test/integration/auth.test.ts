import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { Client, newCompany, PASSWORD, signedIn, unique, baseUrl } from '../support/api';
import { login } from '../../functions/src/domain/auth/login';
import { AppError } from '../../functions/src/lib/app-error';

describe('login', () => {
  it('answers a token and the user with company, plan, due date and settings', async () => {
    const c = new Client();
    const res = await c.login('admin@demo.local');
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^ey/);
    expect(res.body.user).toMatchObject({ email: 'admin@demo.local', profile: 'admin', super: false, company: { name: 'Demo', plan: { name: 'ultimate' } } });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(res.body.user.company.settings.find((s: { key: string }) => s.key === 'userRating')).toEqual({ key: 'userRating', value: 'disabled' });
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith('jrt='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const wrong = await new Client().login('admin@demo.local', 'nope-nope');
    const unknown = await new Client().login(`${unique()}@nowhere.test`, 'whatever1');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'ERR_INVALID_CREDENTIALS', message: 'Erro de autenticação. Por favor, tente novamente.' });
    expect(unknown.body.error).toBe('ERR_INVALID_CREDENTIALS');
  });

  it('answers in the caller language', async () => {
    const res = await new Client('en').login('admin@demo.local', 'bad-password');
    expect(res.body.message).toBe('Authentication error. Please try again.');
  });

  it('throttles one e-mail after 10 attempts in the window with 429', async () => {
    const { email } = await newCompany('basico');
    const c = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await c.login(email, 'wrong-pass')).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await c.login(email);
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
  });

  it('throttles one source address after 50 attempts', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    let last: unknown;
    for (let i = 0; i < 51; i++) {
      try {
        await login(`${unique()}@nowhere.test`, 'x', ip);
      } catch (err) {
        last = err;
      }
    }
    expect(last).toBeInstanceOf(AppError);
    expect((last as AppError).code).toBe('ERR_TOO_MANY_ATTEMPTS');
  });
});

describe('tokens', () => {
  it('answers 401 without a token or with a forged one', async () => {
    expect((await new Client().call('GET', '/auth/me')).status).toBe(401);
    const forged = await new SignJWT({ cid: 2, sid: 'x'.repeat(22) }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime('1h').sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const res = await new Client().call('GET', '/auth/me', { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('ERR_UNAUTHENTICATED');
  });

  it('answers 403 ERR_SESSION_EXPIRED for an expired token', async () => {
    const secret = new TextEncoder().encode(process.env.JWT_SECRET!);
    const expired = await new SignJWT({ cid: 2, sid: 'x'.repeat(22) }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuedAt(Math.floor(Date.now() / 1000) - 3600).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(secret);
    const res = await new Client().call('GET', '/auth/me', { token: expired });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('rotates the refresh token, and a reused old one revokes the family', async () => {
    const c = await signedIn('agent@demo.local');
    const first = c.cookies.get('jrt')!;
    const r1 = await c.call('POST', '/auth/refresh_token', { token: null });
    expect(r1.status).toBe(200);
    expect(r1.body.user.email).toBe('agent@demo.local');
    const second = c.cookies.get('jrt')!;
    expect(second).not.toBe(first);

    const thief = new Client();
    thief.cookies.set('jrt', first);
    const replay = await thief.call('POST', '/auth/refresh_token');
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('ERR_REFRESH_TOKEN_INVALID');
    // The legitimate holder's current token died with the family.
    const after = await c.call('POST', '/auth/refresh_token', { token: null });
    expect(after.status).toBe(401);
  });

  it('logout ends the refresh family and clears the cookie', async () => {
    const c = await signedIn('agent@demo.local');
    const cookie = c.cookies.get('jrt')!;
    const out = await c.call('DELETE', '/auth/logout');
    expect(out.status).toBe(204);
    expect(c.cookies.has('jrt')).toBe(false);
    const again = new Client();
    again.cookies.set('jrt', cookie);
    expect((await again.call('POST', '/auth/refresh_token')).status).toBe(401);
  });

  it('GET /auth/me answers the signed-in user', async () => {
    const c = await signedIn('admin@conversa.local');
    const me = await c.call('GET', '/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'admin@conversa.local', super: true, companyId: 1, company: { id: 1, dueDate: '2999-12-31' } });
  });
});

describe('signup', () => {
  it('creates a company on a 3-day trial due in 7 days, MENSAL, with its admin', async () => {
    const { admin, companyId } = await newCompany('basico');
    const me = await admin.call('GET', '/auth/me');
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(me.body).toMatchObject({ profile: 'admin', companyId, company: { id: companyId, dueDate: due, recurrence: 'MENSAL', status: true, plan: { name: 'basico' } } });
  });

  it('validates the fields with the spec messages', async () => {
    const res = await new Client().call('POST', '/auth/signup', { body: { companyName: 'A', name: 'B', email: 'not-an-email', password: '123', planId: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    const byPath = Object.fromEntries(res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(byPath).toMatchObject({ 'body.companyName': 'Muito curto!', 'body.name': 'Muito curto!', 'body.email': 'Email inválido', 'body.password': 'Too Short!' });
  });

  it('refuses a taken e-mail and an unknown plan, writing nothing', async () => {
    const taken = await new Client().call('POST', '/auth/signup', { body: { companyName: 'Outra', name: 'Outro', email: 'admin@demo.local', password: PASSWORD, planId: 1 } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('ERR_DUPLICATED_EMAIL');
    const noPlan = await new Client().call('POST', '/auth/signup', { body: { companyName: 'Outra', name: 'Outro', email: `${unique()}@x.test`, password: PASSWORD, planId: 999 } });
    expect(noPlan.status).toBe(404);
    expect(noPlan.body.error).toBe('ERR_NO_PLAN_FOUND');
  });
});

describe('password reset', () => {
  async function lastCode(email: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const mails = (await (await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
      const m = mails[0]?.text.match(/\b(\d{6})\b/);
      if (m) return m[1]!;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no mail arrived');
  }

  it('sends a code by e-mail and sets the new password with it', async () => {
    const { email } = await newCompany('basico');
    const anon = new Client();
    const sent = await anon.call('POST', `/forgetpassword/${encodeURIComponent(email)}`);
    expect(sent.status).toBe(200);
    const code = await lastCode(email);
    const weak = await anon.call('POST', `/resetpasswords/${encodeURIComponent(email)}/${code}/fraca`);
    expect(weak.status).toBe(400);
    expect(weak.body.issues[0].message).toBe('Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.');
    const wrong = await anon.call('POST', `/resetpasswords/${encodeURIComponent(email)}/${code === '000000' ? '111111' : '000000'}/NovaSenha1`);
    expect(wrong.body.error).toBe('ERR_INVALID_RESET_CODE');
    const ok = await anon.call('POST', `/resetpasswords/${encodeURIComponent(email)}/${code}/NovaSenha1`);
    expect(ok.status).toBe(200);
    expect((await new Client().login(email, 'NovaSenha1')).status).toBe(200);
    // The code is spent.
    expect((await anon.call('POST', `/resetpasswords/${encodeURIComponent(email)}/${code}/OutraSenha2`)).body.error).toBe('ERR_RECOVERY_EXPIRED');
  });

  it('answers 404 ERR_NO_EMAIL_FOUND for an unknown e-mail', async () => {
    const res = await new Client().call('POST', `/forgetpassword/${unique()}%40nowhere.test`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NO_EMAIL_FOUND');
  });
});
