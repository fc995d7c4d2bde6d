/**
 * Messenger and Instagram contacts get their profile's name and picture (the fake Graph API plays
 * Meta), once, with the connection's token; a failed lookup never loses or holds the message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';
import { newCompany } from '../support/api';
import { queryPartition } from '../support/db';
import { useFakeGraph } from '../support/fake-graph';
import { runInbound, text } from '../support/inbound';

const fake = useFakeGraph({ beforeAll, afterAll, beforeEach });
const PIC = 'https://scontent.xx.fbcdn.net/v/t1/foto.jpg?oe=1';

async function graphCompany(channel: 'facebook' | 'instagram') {
  const co = await newCompany();
  const wid = 950;
  const now = new Date().toISOString();
  const provider = channel === 'facebook' ? { pageId: `PG${co.companyId}` } : { igAccountId: `IG${co.companyId}` };
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.whatsapp(co.companyId, wid), entity: 'whatsapp', id: wid, companyId: co.companyId, name: channel, channel, status: 'CONNECTED', queueIds: [], reopenWindowMinutes: 0, allowGroups: false, provider: { ...provider, accessTokenRef: 'plain:tok-page' }, createdAt: now, updatedAt: now } }));
  const contacts = async () => queryPartition(`C#${co.companyId}#CONTACTS`);
  const profileReads = () => fake().requests.filter((r) => r.method === 'GET' && !r.path.includes('/cdn'));
  return { ...co, wid, contacts, profileReads };
}


describe('Messenger and Instagram contact profiles', () => {
  it("name a new Messenger contact and its ticket from the profile, with the picture, asked once with the page's token", async () => {
    const c = await graphCompany('facebook');
    const psid = `PSID${c.companyId}`;
    fake().addProfile(psid, { name: 'Maria Souza', first_name: 'Maria', last_name: 'Souza', profile_pic: PIC });
    expect((await runInbound([text(c.companyId, c.wid, psid, 'Oi', { contactName: '' })])).batchItemFailures).toEqual([]);
    const [contact] = await c.contacts();
    expect(contact).toMatchObject({ name: 'Maria Souza', number: psid, profilePicUrl: PIC, channel: 'facebook' });
    const [read] = c.profileReads();
    expect(read!.path).toBe(`/v21.0/${psid}`);
    expect(read!.headers.authorization).toBe('Bearer tok-page');
    const [ticket] = await queryPartition(`C#${c.companyId}#TICKETS`);
    expect(ticket?.contactCard).toMatchObject({ name: 'Maria Souza', profilePicUrl: PIC });
    // Later messages read no profile.
    await runInbound([text(c.companyId, c.wid, psid, 'Tudo bem?', { contactName: '' }), text(c.companyId, c.wid, psid, 'Alô', { contactName: '' })]);
    expect(c.profileReads()).toHaveLength(1);
  });

  it('name an Instagram contact by its username when the profile has no name', async () => {
    const c = await graphCompany('instagram');
    const igsid = `IGSID${c.companyId}`;
    fake().addProfile(igsid, { name: null, username: 'maria.loja', profile_pic: PIC });
    await runInbound([text(c.companyId, c.wid, igsid, 'oi', { contactName: '' })]);
    expect((await c.contacts())[0]).toMatchObject({ name: 'maria.loja', profilePicUrl: PIC });
    expect(c.profileReads().map((r) => r.path)).toEqual([`/v21.0/${igsid}`]);
  });

  it('keep the message and the id as the name when the profile cannot be read, and do not ask again on every message', async () => {
    const c = await graphCompany('facebook');
    const psid = `PSID${c.companyId}`;
    fake().failNext({ status: 500, error: { message: 'temporarily unavailable', code: 2 } });
    expect((await runInbound([text(c.companyId, c.wid, psid, 'Primeira', { contactName: '' })])).batchItemFailures).toEqual([]);
    expect((await c.contacts())[0]).toMatchObject({ name: psid, profilePicUrl: '' });
    expect(await queryPartition(`C#${c.companyId}#TICKETS`)).toHaveLength(1);
    await runInbound([text(c.companyId, c.wid, psid, 'Segunda', { contactName: '' })]);
    expect(c.profileReads()).toHaveLength(1);
  });

  it("never replace a name an agent gave", async () => {
    const c = await graphCompany('facebook');
    const psid = `PSID${c.companyId}`;
    fake().failNext({ status: 500 });
    await runInbound([text(c.companyId, c.wid, psid, 'Oi', { contactName: '' })]);
    const [contact] = await c.contacts();
    const renamed = await c.admin.call('PUT', `/contacts/${contact!.id}`, { body: { name: 'Cliente VIP' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    fake().addProfile(psid, { name: 'Maria Souza', profile_pic: PIC });
    // Even after the day the failed lookup waits: the name is no longer the id.
    await db().send(new PutCommand({ TableName: table(), Item: { ...(await queryPartition(`C#${c.companyId}#CONTACTS`))[0], profileCheckedAt: '2020-01-01T00:00:00.000Z' } }));
    await runInbound([text(c.companyId, c.wid, psid, 'De novo', { contactName: '' })]);
    expect((await c.contacts())[0]!.name).toBe('Cliente VIP');
    expect(c.profileReads()).toHaveLength(1);
  });
});
