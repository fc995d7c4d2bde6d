/**
 * The ratings screen's API (spec 3 "Ratings list", §5, §7): admins create, edit and delete
 * satisfaction menus; the list pages by 20 with a kept count and searches by name; at most one
 * rating is the general one; every user reads the short list the resolve dialog offers; admins
 * hear every change on the rating channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, newCompany, signedIn, unique, type Client } from '../support/api';
import { queryPartition } from '../support/db';
import { openSocket } from '../support/socket';

let admin: Client;
let agent: Client;
let companyId: number;
let adminSocket: Awaited<ReturnType<typeof openSocket>>;
let agentSocket: Awaited<ReturnType<typeof openSocket>>;

const options = [{ name: 'Ótimo', value: 3 }, { name: 'Regular', value: 2 }, { name: 'Ruim', value: 1 }];
const body = (over: Record<string, unknown> = {}) => ({ name: 'Pesquisa de satisfação', message: 'Como foi o atendimento?', geral: false, options, ...over });
const create = async (over: Record<string, unknown> = {}) => {
  const res = await admin.call('POST', '/ratings', { body: body(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; geral: boolean };
};
const geralIds = async () => (await admin.call('GET', '/ratings/list')).body.filter((r: { geral: boolean }) => r.geral).map((r: { id: number }) => r.id);

beforeAll(async () => {
  ({ admin, companyId } = await newCompany());
  const email = `${unique('agente')}@example.test`;
  expect((await admin.call('POST', '/users', { body: { name: 'Agente', email, password: PASSWORD } })).status).toBe(201);
  agent = await signedIn(email);
  adminSocket = await openSocket(admin.token!);
  agentSocket = await openSocket(agent.token!);
}, 60_000);
afterAll(() => {
  adminSocket?.close();
  agentSocket?.close();
});

describe('ratings', () => {
  it('an admin creates a rating; it is recorded as theirs and read back as saved', async () => {
    const me = (await admin.call('GET', '/auth/me')).body;
    const res = await admin.call('POST', '/ratings', { body: body({ name: '  Atendimento  ', userId: 999 }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Atendimento', message: 'Como foi o atendimento?', geral: false, options, userId: me.id });
    expect((await admin.call('GET', `/ratings/${res.body.id}`)).body).toEqual(res.body);
    const ev = await adminSocket.waitFor((e) => e.channel === `company-${companyId}-rating` && e.data.action === 'update' && (e.data.rating as { id: number }).id === res.body.id);
    expect(ev.data.rating).toEqual(res.body);
  });

  it("spec 3 §5: name at least 3 ('nome muito curto'), message required ('Obrigatório'), options with numeric values", async () => {
    const issue = async (b: Record<string, unknown>) => {
      const res = await admin.call('POST', '/ratings', { body: b });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      return res.body.issues.map((i: { path: string; message: string }) => `${i.path}: ${i.message}`);
    };
    expect(await issue(body({ name: 'ab' }))).toEqual(['body.name: nome muito curto']);
    expect(await issue(body({ message: '   ' }))).toEqual(['body.message: Obrigatório']);
    await issue(body({ options: [{ name: 'Bom', value: 'dez' }] }));
    await issue(body({ options: [] }));
    await issue(body({ options: [{ name: 'Bom', value: 1 }, { name: 'Também bom', value: 1 }] }));
    await issue(body({ options: [{ name: 'Bom', value: 1.5 }] }));
    const { geral: _g, ...noGeral } = body();
    await issue(noGeral);
    expect((await admin.call('PUT', '/ratings/1', { body: { name: 'x' } })).body.issues).toEqual([{ path: 'body.name', message: 'nome muito curto' }]);
  });

  it('agents may not manage ratings, but read the resolve list; they hear none of the admins’ events', async () => {
    const made = await create({ name: 'Só admins' });
    expect((await agent.call('POST', '/ratings', { body: body() })).status).toBe(403);
    expect((await agent.call('PUT', `/ratings/${made.id}`, { body: { name: 'Trocado' } })).status).toBe(403);
    expect((await agent.call('DELETE', `/ratings/${made.id}`)).status).toBe(403);
    expect((await agent.call('GET', '/ratings')).status).toBe(403);
    expect((await agent.call('GET', `/ratings/${made.id}`)).status).toBe(403);
    expect((await agent.call('GET', '/satisfaction?startDate=01/01/2025&endDate=31/01/2025')).status).toBe(403);
    const list = await agent.call('GET', '/ratings/list');
    expect(list.status).toBe(200);
    expect(list.body.find((r: { id: number }) => r.id === made.id)).toEqual({ id: made.id, name: 'Só admins', geral: false, options });
    await adminSocket.waitFor((e) => e.channel === `company-${companyId}-rating` && (e.data.rating as { id: number } | undefined)?.id === made.id);
    expect(agentSocket.events.filter((e) => e.channel === `company-${companyId}-rating`)).toEqual([]);
  });

  it('at most one general rating: marking another moves the mark, in the list and on the socket', async () => {
    const a = await create({ name: 'Geral A', geral: true });
    expect(await geralIds()).toEqual([a.id]);
    const b = await create({ name: 'Geral B', geral: true });
    expect(await geralIds()).toEqual([b.id]);
    expect((await admin.call('GET', `/ratings/${a.id}`)).body.geral).toBe(false);
    // The old general rating's change reaches the admins too.
    await adminSocket.waitFor((e) => e.channel === `company-${companyId}-rating` && (e.data.rating as { id: number; geral: boolean } | undefined)?.id === a.id && (e.data.rating as { geral: boolean }).geral === false);

    expect((await admin.call('PUT', `/ratings/${a.id}`, { body: { geral: true } })).body.geral).toBe(true);
    expect(await geralIds()).toEqual([a.id]);
    // The general rating comes first in the resolve list.
    expect((await admin.call('GET', '/ratings/list')).body[0].id).toBe(a.id);
    expect((await admin.call('PUT', `/ratings/${a.id}`, { body: { geral: false } })).body.geral).toBe(false);
    expect(await geralIds()).toEqual([]);

    const c = await create({ name: 'Geral C', geral: true });
    expect((await admin.call('DELETE', `/ratings/${c.id}`)).status).toBe(204);
    expect(await geralIds()).toEqual([]);
    const d = await create({ name: 'Geral D', geral: true });
    expect(await geralIds()).toEqual([d.id]);

    // Ten at once: still exactly one.
    const made = await Promise.all(Array.from({ length: 10 }, (_, i) => admin.call('POST', '/ratings', { body: body({ name: `Corrida ${i}`, geral: true }) })));
    expect(made.every((r) => r.status === 201 || r.body.error === 'ERR_CONFLICT'), JSON.stringify(made.map((r) => r.body))).toBe(true);
    expect(await geralIds()).toHaveLength(1);
  });

  it('edits and deletes: absent ids answer ERR_NO_RATING_FOUND', async () => {
    const r = await create({ name: 'Para editar' });
    const edited = await admin.call('PUT', `/ratings/${r.id}`, { body: { name: 'Editada', options: [{ name: 'Sim', value: 1 }, { name: 'Não', value: 0 }] } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: r.id, name: 'Editada', message: 'Como foi o atendimento?', options: [{ name: 'Sim', value: 1 }, { name: 'Não', value: 0 }] });
    expect((await admin.call('DELETE', `/ratings/${r.id}`)).status).toBe(204);
    await adminSocket.waitFor((e) => e.channel === `company-${companyId}-rating` && e.data.action === 'delete' && e.data.ratingId === r.id);
    for (const [method, b] of [['GET'], ['PUT', { name: 'Outra vez' }], ['DELETE']] as const) {
      const res = await admin.call(method, `/ratings/${r.id}`, { body: b });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_RATING_FOUND');
    }
  });

  it('GET /satisfaction: DD/MM/YYYY real days, start not after end, at most about three years; no answers is all zeros', async () => {
    const bad = async (q: string) => {
      const res = await admin.call('GET', `/satisfaction?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    };
    await bad('startDate=2025-01-01&endDate=31/01/2025');
    await bad('startDate=01/01/2025');
    await bad('startDate=31/02/2025&endDate=01/03/2025');
    await bad('startDate=02/01/2025&endDate=01/01/2025');
    await bad('startDate=01/01/2020&endDate=31/12/2025');
    const empty = await admin.call('GET', '/satisfaction?startDate=03/12/2023&endDate=20/12/2025');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ totalResponses: 0, averageScore: 0, veryDissatisfied: 0, dissatisfied: 0, neutral: 0, satisfied: 0, verySatisfied: 0, agents: [] });
  });

  it('pages of 20 with the kept count, by cursor or page number; search by name, accents aside', async () => {
    const { admin: own } = await newCompany();
    for (let i = 1; i <= 23; i++) expect((await own.call('POST', '/ratings', { body: body({ name: i % 5 === 0 ? `Avaliação ${i}` : `Pesquisa ${i}` }) })).status).toBe(201);
    const first = await own.call('GET', '/ratings');
    expect(first.body).toMatchObject({ count: 23, hasMore: true });
    expect(first.body.ratings).toHaveLength(20);
    const second = await own.call('GET', `/ratings?cursor=${first.body.cursor}`);
    expect(second.body).toMatchObject({ count: 23, hasMore: false });
    expect(second.body.ratings.map((r: { name: string }) => r.name)).toEqual(['Pesquisa 21', 'Pesquisa 22', 'Pesquisa 23']);
    expect((await own.call('GET', '/ratings?pageNumber=2')).body.ratings).toEqual(second.body.ratings);
    expect((await own.call('GET', '/ratings?pageNumber=3')).body).toEqual({ ratings: [], count: 23, hasMore: false });

    const found = await own.call('GET', `/ratings?searchParam=${encodeURIComponent('AVALIACAO')}&limit=2`);
    expect(found.body).toMatchObject({ count: 4, hasMore: true });
    expect(found.body.ratings.map((r: { name: string }) => r.name)).toEqual(['Avaliação 5', 'Avaliação 10']);
    const rest = await own.call('GET', `/ratings?searchParam=avaliacao&limit=2&cursor=${found.body.cursor}`);
    expect(rest.body.ratings.map((r: { name: string }) => r.name)).toEqual(['Avaliação 15', 'Avaliação 20']);
    expect(rest.body.hasMore).toBe(false);

    // The count is a counter item, moved with each create and delete.
    const counter = (await queryPartition(`C#${(await own.call('GET', '/auth/me')).body.companyId}#COUNTER`)).find((i) => i.SK === 'ratings');
    expect(counter?.value).toBe(23);
    expect((await own.call('DELETE', `/ratings/${first.body.ratings[0].id}`)).status).toBe(204);
    expect((await own.call('GET', '/ratings')).body.count).toBe(22);
    // Another company's cursor is not followed.
    expect((await admin.call('GET', `/ratings?cursor=${first.body.cursor}`)).body.ratings[0].name).not.toMatch(/^Pesquisa 2[1-3]$/);
  }, 60_000);
});
