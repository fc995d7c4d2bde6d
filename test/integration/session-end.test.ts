/**
 * Sessions end when they should (issue 18 item 4): an access token of a session that logout, a
 * login elsewhere (one session per user), a password change or reset, or the user's deletion ended is refused at once (401 ERR_SESSION_ENDED),
 * not after its 15 minutes; its sockets are told and closed, and a new socket with it is refused.
 */
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';
import { Client, newCompany, PASSWORD, signedIn, unique } from '../support/api';
import { closed, openSocket } from '../support/socket';

const sessionOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;

async function newAgent(admin: Client): Promise<{ id: number; email: string }> {
  const email = `${unique('agente')}@example.test`;
  const res = await admin.call('POST', '/users', { body: { name: 'Agente Sessão', email, password: PASSWORD } });
  expect(res.status).toBe(201);
  return { id: res.body.id, email };
}

describe('ending sessions', () => {
  it('logout ends that session at once on the API and the socket; the other users go on', async () => {
    const { admin } = await newCompany();
    const agent = await newAgent(admin);
    const laptop = await signedIn(agent.email);
    const laptopSocket = await openSocket(laptop.token!);
    const adminSocket = await openSocket(admin.token!);
    const token = laptop.token!;

    expect((await laptop.call('DELETE', '/auth/logout')).status).toBe(204);

    const me = await laptop.call('GET', '/auth/me', { token });
    expect(me.status).toBe(401);
    expect(me.body.error).toBe('ERR_SESSION_ENDED');
    const ended = await laptopSocket.waitFor((e) => e.channel.endsWith('-auth') && e.data.action === 'ended');
    expect(ended.data.sessionId).toBe(sessionOf(token));
    await closed(laptopSocket.ws);
    await expect(openSocket(token)).rejects.toThrow(/401/);

    expect((await admin.call('GET', '/auth/me')).status).toBe(200);
    expect(await adminSocket.send({ action: 'ping' })).toEqual({ action: 'pong' });
    expect(adminSocket.events.some((e) => e.data.action === 'ended')).toBe(false);
    adminSocket.close();
  });

  it('a login on another computer ends the first session: its socket is told who replaced it, then closed; its tokens are refused', async () => {
    const { admin } = await newCompany();
    const agent = await newAgent(admin);
    const laptop = await signedIn(agent.email);
    const laptopSocket = await openSocket(laptop.token!);

    const phone = await signedIn(agent.email);

    const told = await laptopSocket.waitFor((e) => e.channel.endsWith('-auth') && e.data.action === 'update');
    expect(told.data).toMatchObject({ user: { id: agent.id }, sessionId: sessionOf(phone.token!) });
    await closed(laptopSocket.ws);
    expect(laptopSocket.events.some((e) => e.data.action === 'ended')).toBe(false);
    const me = await laptop.call('GET', '/auth/me');
    expect(me.status).toBe(401);
    expect(me.body.error).toBe('ERR_SESSION_ENDED');
    expect((await laptop.call('POST', '/auth/refresh_token', { token: null })).status).toBe(401);
    await expect(openSocket(laptop.token!)).rejects.toThrow(/401/);

    expect((await phone.call('GET', '/auth/me')).status).toBe(200);
    expect((await phone.call('POST', '/auth/refresh_token', { token: null })).status).toBe(200);
  });

  it('logout with only the bearer token (no cookie) ends that session too', async () => {
    const { admin } = await newCompany();
    const agent = await newAgent(admin);
    const c = await signedIn(agent.email);
    c.cookies.clear();
    expect((await c.call('DELETE', '/auth/logout')).status).toBe(204);
    expect((await c.call('GET', '/auth/me')).body.error).toBe('ERR_SESSION_ENDED');
  });

  it("an admin's new password for a user ends every session of that user, refresh tokens included", async () => {
    const { admin } = await newCompany();
    const agent = await newAgent(admin);
    const a = await signedIn(agent.email);
    const socket = await openSocket(a.token!);

    expect((await admin.call('PUT', `/users/${agent.id}`, { body: { password: 'Outra123' } })).status).toBe(200);

    expect((await a.call('GET', '/auth/me')).body.error).toBe('ERR_SESSION_ENDED');
    expect((await a.call('POST', '/auth/refresh_token', { token: null })).status).toBe(401);
    await closed(socket.ws);
    // the admin's own session is untouched, and the new password signs in
    expect((await admin.call('GET', '/auth/me')).status).toBe(200);
    expect((await new Client().login(agent.email, 'Outra123')).status).toBe(200);
  });

  it('changing my own password keeps this session', async () => {
    const { admin } = await newCompany();
    const agent = await newAgent(admin);
    const here = await signedIn(agent.email);
    expect((await here.call('PUT', `/users/${agent.id}`, { body: { password: 'Minha1234' } })).status).toBe(200);
    expect((await here.call('GET', '/auth/me')).status).toBe(200);
    expect((await here.call('POST', '/auth/refresh_token', { token: null })).status).toBe(200);
  });

  it('a password reset by e-mail code ends every session', async () => {
    const { admin } = await newCompany();
    const agent = await newAgent(admin);
    const c = await signedIn(agent.email);
    const anon = new Client();
    await anon.call('DELETE', `/dev/mail?to=${encodeURIComponent(agent.email)}`);
    expect((await anon.call('POST', `/forgetpassword/${agent.email}`)).status).toBe(200);
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i++) {
      const mail = await anon.call('GET', `/dev/mail?to=${encodeURIComponent(agent.email)}`);
      code = /código de verificação é: (\d{6})/.exec(JSON.stringify(mail.body))?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toBeDefined();
    expect((await anon.call('POST', `/resetpasswords/${agent.email}/${code}/Trocada123`)).status).toBe(200);
    expect((await c.call('GET', '/auth/me')).body.error).toBe('ERR_SESSION_ENDED');
  });

  it("deleting a user closes the user's sockets and refuses the token", async () => {
    const { admin } = await newCompany();
    const agent = await newAgent(admin);
    const c = await signedIn(agent.email);
    const socket = await openSocket(c.token!);
    expect((await admin.call('DELETE', `/users/${agent.id}`)).status).toBe(204);
    await closed(socket.ws);
    expect((await c.call('GET', '/auth/me')).status).toBe(401);
  });

  it('a user item from before sessions were listed keeps its tokens until a new password ends them', async () => {
    const { admin, companyId } = await newCompany();
    const agent = await newAgent(admin);
    const c = await signedIn(agent.email);
    // as deployed over data of the version before: the item has no list
    await db().send(new UpdateCommand({ TableName: table(), Key: keys.user(companyId, agent.id), UpdateExpression: 'REMOVE sessions' }));
    expect((await c.call('GET', '/auth/me')).status).toBe(200);
    expect((await admin.call('PUT', `/users/${agent.id}`, { body: { password: 'Outra123' } })).status).toBe(200);
    expect((await c.call('GET', '/auth/me')).body.error).toBe('ERR_SESSION_ENDED');
    expect((await c.call('POST', '/auth/refresh_token', { token: null })).status).toBe(401);
  });
});
