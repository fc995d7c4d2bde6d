/**
 * Meta webhooks over HTTP against the local stack: the subscription check, the signature, the
 * payload validation and the connection lookup by provider account (real DynamoDB items).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from '../../functions/src/adapters/db/client';
import { keys } from '../../functions/src/adapters/db/keys';
import { providerKey } from '../../functions/src/adapters/db/connections';
import { signBody } from '../../functions/src/domain/channels/graph-signature';
import { baseUrl } from '../support/api';
import { cloudText, messagingPayload } from '../support/fake-graph';

const SECRET = `sec-${Math.random().toString(36).slice(2)}`;
const companyId = 900_000 + Math.floor(Math.random() * 90_000);
const acct = (p: string) => `${p}${companyId}`;
const ACCOUNTS = { wppoficial: acct('1'), facebook: acct('2'), instagram: acct('3') } as const;
const hasQueues = Boolean(inject('stackEnv').QUEUE_URL_INBOUND);

async function addConnection(id: number, channel: keyof typeof ACCOUNTS): Promise<void> {
  const account = ACCOUNTS[channel];
  const provider = channel === 'wppoficial' ? { phoneNumberId: account } : channel === 'facebook' ? { pageId: account } : { igAccountId: account };
  const now = new Date().toISOString();
  await db().send(new PutCommand({ TableName: table(), Item: { ...keys.whatsapp(companyId, id), entity: 'whatsapp', id, companyId, name: `${channel} test`, channel, status: 'CONNECTED', queueIds: [], provider: { ...provider, appSecretRef: `plain:${SECRET}` }, createdAt: now, updatedAt: now } }));
  await db().send(new PutCommand({ TableName: table(), Item: { ...providerKey(channel, account), companyId, whatsappId: id } }));
}

async function post(channel: string, payload: unknown, secret: string | null = SECRET): Promise<{ status: number; body: any }> {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers['x-hub-signature-256'] = signBody(raw, secret);
  const res = await fetch(`${baseUrl()}/api/webhooks/${channel}`, { method: 'POST', headers, body: raw });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const payloadFor = (channel: keyof typeof ACCOUNTS, account: string, id: string) =>
  channel === 'wppoficial'
    ? cloudText(account, { id })
    : messagingPayload(channel === 'facebook' ? 'page' : 'instagram', account, [{ sender: { id: 'USER-1' }, recipient: { id: account }, timestamp: Date.now(), message: { mid: id, text: 'Olá' } }]);

beforeAll(async () => {
  await addConnection(1, 'wppoficial');
  await addConnection(2, 'facebook');
  await addConnection(3, 'instagram');
});

describe.each(Object.keys(ACCOUNTS) as (keyof typeof ACCOUNTS)[])('webhook %s', (channel) => {
  it('refuses a subscription check with a wrong token (403, ERR_ code)', async () => {
    const res = await fetch(`${baseUrl()}/api/webhooks/${channel}?hub.mode=subscribe&hub.verify_token=wrong-${SECRET}&hub.challenge=42`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('ERR_NO_PERMISSION');
  });

  it('answers 401 ERR_UNAUTHENTICATED to a missing or forged signature', async () => {
    const payload = payloadFor(channel, ACCOUNTS[channel], `forged-${channel}`);
    for (const secret of [null, 'not-the-secret']) {
      const res = await post(channel, payload, secret);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('ERR_UNAUTHENTICATED');
    }
  });

  it('answers 400 ERR_VALIDATION to a signed malformed payload', async () => {
    const bad =
      channel === 'wppoficial'
        ? { object: 'whatsapp_business_account', entry: [{ id: 'W', changes: [{ field: 'messages', value: { metadata: { phone_number_id: ACCOUNTS[channel] }, messages: [{ id: 7 }] } }] }] }
        : { object: channel === 'facebook' ? 'page' : 'instagram', entry: [{ id: ACCOUNTS[channel], messaging: [{ sender: 'x' }] }] };
    const res = await post(channel, bad);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
  });

  it('acknowledges an unknown account with 200 and enqueues nothing', async () => {
    const res = await post(channel, payloadFor(channel, `77${ACCOUNTS[channel]}`, `unknown-${channel}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, enqueued: 0, skippedEntries: 1 });
  });

  it.skipIf(!hasQueues)('enqueues a signed message of a known account, twice without error', async () => {
    const payload = payloadFor(channel, ACCOUNTS[channel], `ok-${channel}-${companyId}`);
    for (let i = 0; i < 2; i++) {
      const res = await post(channel, payload);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ ok: true, enqueued: 1, skippedEntries: 0 });
    }
  });
});
