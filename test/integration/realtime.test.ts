import { describe, expect, it } from 'vitest';
import { Client, newCompany, signedIn, unique, PASSWORD } from '../support/api';
import { openSocket } from '../support/socket';
import { sweepOnlineUsers } from '../../functions/src/domain/users/online';

describe('realtime', () => {
  it('refuses a socket without a valid token', async () => {
    await expect(openSocket('not-a-token')).rejects.toThrow(/401/);
  });

  it('tells the admins of the company, and only them, about user changes', async () => {
    const a = await newCompany();
    const b = await newCompany();
    const sa = await openSocket(a.admin.token!);
    const sb = await openSocket(b.admin.token!);
    const made = await a.admin.call('POST', '/users', { body: { name: 'Nova Pessoa', email: `${unique()}@example.test`, password: PASSWORD } });
    const ev = await sa.waitFor((e) => e.channel === `company-${a.companyId}-user` && e.data.action === 'create');
    expect(ev.companyId).toBe(a.companyId);
    expect((ev.data.user as { id: number }).id).toBe(made.body.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(sb.events.some((e) => e.channel.startsWith(`company-${a.companyId}`))).toBe(false);
    sa.close();
    sb.close();
  });

  it('joins and leaves rooms and answers pings', async () => {
    const { admin } = await newCompany();
    const s = await openSocket(admin.token!);
    expect(await s.send({ action: 'joinChatBox', ticketId: 12 })).toEqual({ action: 'joinChatBox', room: 'ticket:12' });
    expect(await s.send({ action: 'ping' })).toEqual({ action: 'pong' });
    expect(await s.send({ action: 'nonsense' })).toEqual({ error: 'ERR_VALIDATION' });
    s.close();
  });

  it('warns the older session when the same user signs in on another computer', async () => {
    const { email } = await newCompany();
    const first = await signedIn(email);
    const s = await openSocket(first.token!);
    const second = new Client();
    await second.login(email);
    const ev = await s.waitFor((e) => e.channel.endsWith('-auth'));
    expect(ev.data.action).toBe('update');
    const sid = JSON.parse(Buffer.from(second.token!.split('.')[1]!, 'base64url').toString()).sid;
    expect(ev.data.sessionId).toBe(sid);
    s.close();
  });

  it('marks users online while connected and offline after the last socket closes', async () => {
    const { admin } = await newCompany();
    const me = (await admin.call('GET', '/auth/me')).body;
    const watcher = await openSocket(admin.token!);
    const s = await openSocket(admin.token!);
    expect((await admin.call('GET', `/users/${me.id}`)).body.online).toBe(true);
    s.close();
    watcher.close();
    for (let i = 0; i < 40 && (await admin.call('GET', `/users/${me.id}`)).body.online; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await admin.call('GET', `/users/${me.id}`)).body.online).toBe(false);
  });

  it('the tick marks silent users offline', async () => {
    const { admin } = await newCompany();
    const me = (await admin.call('GET', '/auth/me')).body;
    const s = await openSocket(admin.token!);
    expect((await admin.call('GET', `/users/${me.id}`)).body.online).toBe(true);
    // Seven minutes later without a userStatus ping:
    await sweepOnlineUsers(Date.now() + 7 * 60_000);
    expect((await admin.call('GET', `/users/${me.id}`)).body.online).toBe(false);
    s.close();
  });
});
