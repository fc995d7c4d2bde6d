import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InboundEnvelope } from '@conversa/shared/channels';
import { signBody } from '../domain/channels/graph-signature';
import { mediaInfo, mediaRefUrl } from '../adapters/graph';
import { resolveSecretRef } from '../adapters/channel-secrets';
import type { Connection } from '../adapters/db/connections';
import { AppError } from '../lib/app-error';
import { cloudPayload, cloudText, messagingPayload, startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph';
import { TOO_LARGE_BODY } from '@conversa/shared/channels';
import { receiveWebhook, type WebhookChannel, type WebhookDeps } from './receive';

const SECRET = 'app-secret-1';
const PHONE = '1000001';
const PAGE = '2000002';
const IG = '3000003';

const conn = (id: number, provider: Connection['provider']): Connection => ({ id, companyId: 7, provider } as Connection);
const CONNS: Record<string, Connection> = {
  [`wppoficial:${PHONE}`]: conn(11, { phoneNumberId: PHONE, appSecretRef: `plain:${SECRET}`, accessTokenRef: 'plain:tok-wa' }),
  [`facebook:${PAGE}`]: conn(12, { pageId: PAGE, appSecretRef: `plain:${SECRET}`, accessTokenRef: 'plain:tok-fb' }),
  [`instagram:${IG}`]: conn(13, { igAccountId: IG, appSecretRef: `plain:${SECRET}`, accessTokenRef: 'plain:tok-ig' }),
};

let graph: FakeGraph;
let sent: { body: any; opts: { groupId: string; dedupId: string } }[];
let platform: string | undefined;

const deps: WebhookDeps = {
  findAccount: async (channel, account) => {
    const c = CONNS[`${channel}:${account}`];
    return c ? { companyId: c.companyId, whatsappId: c.id } : undefined;
  },
  getConnection: async (_cid, id) => Object.values(CONNS).find((c) => c.id === id),
  platformSecret: async () => platform,
  resolveRef: resolveSecretRef,
  mediaInfo,
  mediaRefUrl,
  enqueue: async (body, opts) => void sent.push({ body, opts }),
};

const deliver = (channel: WebhookChannel, payload: unknown, secret = SECRET) => {
  const raw = Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
  return receiveWebhook(channel, raw, signBody(raw, secret), deps);
};
const codeOf = async (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? `${e.status} ${e.code}` : String(e)));

beforeAll(async () => {
  graph = await startFakeGraph();
  process.env.GRAPH_BASE_URL = graph.url;
});
afterAll(async () => {
  delete process.env.GRAPH_BASE_URL;
  await graph.stop();
});
beforeEach(() => {
  sent = [];
  platform = undefined;
  graph.reset();
});

describe('webhook signature', () => {
  it('refuses a missing, malformed or wrong signature with 401 and enqueues nothing', async () => {
    const raw = Buffer.from(JSON.stringify(cloudText(PHONE)));
    expect(await codeOf(receiveWebhook('wppoficial', raw, undefined, deps))).toBe('401 ERR_UNAUTHENTICATED');
    expect(await codeOf(receiveWebhook('wppoficial', raw, 'sha256=zz', deps))).toBe('401 ERR_UNAUTHENTICATED');
    expect(await codeOf(deliver('wppoficial', cloudText(PHONE), 'another-secret'))).toBe('401 ERR_UNAUTHENTICATED');
    expect(sent).toEqual([]);
  });

  it('checks the platform secret before parsing when META_APP_SECRET is set', async () => {
    platform = 'platform-secret';
    expect(await codeOf(deliver('wppoficial', '{not json', SECRET))).toBe('401 ERR_UNAUTHENTICATED');
    expect(await codeOf(deliver('wppoficial', '{not json', 'platform-secret'))).toBe('400 ERR_BAD_JSON');
    expect(await codeOf(deliver('wppoficial', cloudText(PHONE), 'platform-secret'))).toBe('ok');
    expect(sent).toHaveLength(1);
  });
});

describe('WhatsApp Cloud API payloads', () => {
  it('enqueues a text message on the chat group with Meta id as dedup id', async () => {
    const out = await deliver('wppoficial', cloudText(PHONE, { id: 'wamid.A1', body: 'Oi', name: 'Maria' }));
    expect(out).toEqual({ enqueued: 1, skippedEntries: 0 });
    expect(sent[0]!.opts).toEqual({ groupId: '7#11#5511987654321', dedupId: '11:msg:wamid.A1' });
    const env = InboundEnvelope.parse(sent[0]!.body);
    expect(env).toMatchObject({ kind: 'message', companyId: 7, whatsappId: 11, externalId: 'wamid.A1', chatId: '5511987654321', contactName: 'Maria', body: 'Oi', fromMe: false, timestamp: 1_710_000_000_000 });
  });

  it('gives the same dedup id to the same delivery twice', async () => {
    await deliver('wppoficial', cloudText(PHONE, { id: 'wamid.DUP' }));
    await deliver('wppoficial', cloudText(PHONE, { id: 'wamid.DUP' }));
    expect(sent.map((s) => s.opts.dedupId)).toEqual(['11:msg:wamid.DUP', '11:msg:wamid.DUP']);
  });

  it('maps every message type it handles (an unsupported one as a placeholder), skips the others', async () => {
    const from = '5511900000001';
    const m = (id: string, type: string, extra: Record<string, unknown>) => ({ from, id, timestamp: '1710000001', type, ...extra });
    graph.addMedia('MEDIA-IMG', { mimetype: 'image/jpeg', size: 1234 });
    const payload = cloudPayload(PHONE, {
      contacts: [{ profile: { name: 'João' }, wa_id: from }],
      messages: [
        m('w.img', 'image', { image: { id: 'MEDIA-IMG', mime_type: 'image/jpeg', caption: 'foto' } }),
        m('w.doc', 'document', { document: { id: 'MEDIA-DOC', mime_type: 'application/pdf', filename: 'nota.pdf' }, context: { id: 'w.quoted' } }),
        m('w.loc', 'location', { location: { latitude: -23.5, longitude: -46.6, name: 'Loja' } }),
        m('w.vc', 'contacts', { contacts: [{ name: { formatted_name: 'Ana' }, phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678' }] }] }),
        m('w.react', 'reaction', { reaction: { message_id: 'w.mine', emoji: '👍' } }),
        m('w.btn', 'interactive', { interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim' } } }),
        m('w.list', 'interactive', { interactive: { type: 'list_reply', list_reply: { id: 'l1', title: 'Suporte' } } }),
        m('w.tpl', 'button', { button: { text: 'Parar promoções', payload: 'STOP' } }),
        m('w.sticker', 'sticker', { sticker: { id: 'MEDIA-ST', mime_type: 'image/webp' } }),
        m('w.unsupported', 'unsupported', { errors: [{ code: 131051 }] }),
        m('w.system', 'system', { system: { body: 'changed number' } }),
      ],
    });
    await deliver('wppoficial', payload);
    const by = Object.fromEntries(sent.map((s) => [s.body.kind === 'update' ? `upd:${s.body.externalId}` : s.body.externalId, s.body]));
    expect(Object.keys(by)).toEqual(['w.img', 'w.doc', 'w.loc', 'w.vc', 'upd:w.mine', 'w.btn', 'w.list', 'w.tpl', 'w.sticker', 'w.unsupported']);
    expect(by['w.img']).toMatchObject({ mediaType: 'image', body: 'foto', media: { url: `${graph.url}/v21.0/MEDIA-IMG`, mimetype: 'image/jpeg', size: 1234 } });
    // The media lookup used the connection's token.
    expect(graph.requests.find((r) => r.path === '/v21.0/MEDIA-IMG')?.headers.authorization).toBe('Bearer tok-wa');
    // Unknown to the Graph API (lookup failed): still referenced, the worker looks it up again.
    expect(by['w.doc']).toMatchObject({ mediaType: 'application', body: 'nota.pdf', quotedExternalId: 'w.quoted', media: { url: `${graph.url}/v21.0/MEDIA-DOC`, mimetype: 'application/pdf', filename: 'nota.pdf' } });
    expect(by['w.loc']).toMatchObject({ mediaType: 'locationMessage', body: 'https://maps.google.com/maps?q=-23.5%2C-46.6&z=17\nLoja' });
    expect(by['w.vc'].mediaType).toBe('contactMessage');
    expect(by['w.vc'].body).toContain('FN:Ana');
    expect(by['w.vc'].body).toContain('waid=5511912345678');
    expect(by['upd:w.mine']).toMatchObject({ kind: 'update', chatId: from, reaction: { emoji: '👍', from, fromMe: false } });
    expect([by['w.btn'].body, by['w.list'].body, by['w.tpl'].body]).toEqual(['Sim', 'Suporte', 'Parar promoções']);
    expect(by['w.sticker']).toMatchObject({ mediaType: 'image' });
    for (const s of sent) expect(InboundEnvelope.safeParse(s.body).success).toBe(true);
  });

  it('stores oversize media as a message saying the file was too large, without the file', async () => {
    graph.addMedia('MEDIA-BIG', { mimetype: 'video/mp4', size: 21 * 1024 * 1024 });
    await deliver('wppoficial', cloudPayload(PHONE, { messages: [{ from: '5511900000002', id: 'w.big', timestamp: '1710000002', type: 'video', video: { id: 'MEDIA-BIG', mime_type: 'video/mp4', caption: 'olha' } }] }));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.media).toBeUndefined();
    expect(sent[0]!.body.mediaType).toBeUndefined();
    expect(sent[0]!.body.body).toBe(`${TOO_LARGE_BODY}\nolha`);
    expect(sent[0]!.body.mediaError).toBe('ERR_MEDIA_TOO_LARGE');
    expect(TOO_LARGE_BODY).toBe('Arquivo é muito grande! 20MB máximo');
  });

  it('turns statuses into acks and failures, one dedup id per id and status', async () => {
    const st = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'wamid.OUT', status, timestamp: '1710000003', recipient_id: '5511900000003', ...extra });
    await deliver('wppoficial', cloudPayload(PHONE, { statuses: [st('sent'), st('delivered'), st('read'), st('failed', { errors: [{ code: 131047, title: 'Re-engagement message' }] }), st('deleted')] }));
    expect(sent.map((s) => [s.opts.dedupId, s.body.ack, s.body.error])).toEqual([
      ['11:ack:wamid.OUT:sent', 1, undefined],
      ['11:ack:wamid.OUT:delivered', 2, undefined],
      ['11:ack:wamid.OUT:read', 3, undefined],
      ['11:ack:wamid.OUT:failed', undefined, '131047 Re-engagement message'],
    ]);
    expect(sent.every((s) => s.opts.groupId === '7#11#5511900000003')).toBe(true);
  });

  it("hands a status's biz_opaque_callback_data on as the update's ref (a campaign send names its recipient there)", async () => {
    const ref = '3EB0000000000C000000002A00010ABCDEF01234';
    await deliver('wppoficial', cloudPayload(PHONE, { statuses: [{ id: 'wamid.CAMP', status: 'delivered', timestamp: '1710000003', recipient_id: '5511900000003', biz_opaque_callback_data: ref }] }));
    expect(sent.map((s) => [s.body.externalId, s.body.ref, s.body.ack])).toEqual([['wamid.CAMP', ref, 2]]);
  });

  it('answers 400 ERR_VALIDATION for a malformed payload and enqueues nothing, not even its valid parts', async () => {
    const good = cloudText(PHONE);
    const bad = { ...good, entry: [...good.entry, { id: 'x', changes: [{ field: 'messages', value: { metadata: { phone_number_id: PHONE }, messages: [{ id: 42 }] } }] }] };
    expect(await codeOf(deliver('wppoficial', bad))).toBe('400 ERR_VALIDATION');
    expect(await codeOf(deliver('wppoficial', { object: 'page', entry: [] }))).toBe('400 ERR_VALIDATION');
    expect(await codeOf(deliver('wppoficial', []))).toBe('400 ERR_VALIDATION');
    expect(sent).toEqual([]);
  });

  it('skips an unknown account (and an unverifiable delivery naming only unknown accounts), answering normally', async () => {
    expect(await deliver('wppoficial', cloudText('999999'))).toEqual({ enqueued: 0, skippedEntries: 1 });
    expect(await deliver('wppoficial', cloudText('999999'), 'whatever')).toEqual({ enqueued: 0, skippedEntries: 1 });
    expect(await deliver('wppoficial', { object: 'whatsapp_business_account', entry: [] })).toEqual({ enqueued: 0, skippedEntries: 0 });
    expect(await deliver('wppoficial', cloudPayload(PHONE, { statuses: [] }))).toEqual({ enqueued: 0, skippedEntries: 0 });
    expect(sent).toEqual([]);
  });
});

describe('Messenger and Instagram payloads', () => {
  it('maps Messenger messages, echoes, attachments, deliveries, read watermarks, reactions and edits', async () => {
    const user = 'PSID-1';
    const ev = (extra: Record<string, unknown>, fromPage = false) => ({ sender: { id: fromPage ? PAGE : user }, recipient: { id: fromPage ? user : PAGE }, timestamp: 1_710_000_000_500, ...extra });
    await deliver('facebook', messagingPayload('page', PAGE, [
      ev({ message: { mid: 'm_1', text: 'Oi página' } }),
      ev({ message: { mid: 'm_2', text: 'resposta', is_echo: true, app_id: 1 } }, true),
      ev({ message: { mid: 'm_3', attachments: [{ type: 'image', payload: { url: 'https://cdn.example/x/foto.jpg?x=1' } }, { type: 'file', payload: { url: 'https://cdn.example/y/doc.pdf' } }] } }),
      ev({ delivery: { mids: ['m_2'], watermark: 1 } }),
      ev({ read: { watermark: 1 } }),
      ev({ reaction: { mid: 'm_2', action: 'react', emoji: '❤️', reaction: 'love' } }),
      ev({ message_edit: { mid: 'm_1', text: 'Oi página!', num_edit: 1 } }),
    ]));
    const rows = sent.map((s) => [s.opts.dedupId, s.body.kind, s.body.externalId, s.body.chatId]);
    expect(rows).toEqual([
      ['12:msg:m_1', 'message', 'm_1', user],
      ['12:msg:m_2', 'message', 'm_2', user],
      ['12:msg:m_3', 'message', 'm_3', user],
      ['12:msg:m_3#1', 'message', 'm_3#1', user],
      ['12:ack:m_2:delivered', 'update', 'm_2', user],
      [`12:wm:${user}:3:1`, 'watermark', undefined, user],
      [expect.stringMatching(/^12:react:m_2:PSID-1:react:/), 'update', 'm_2', user],
      [expect.stringMatching(/^12:edit:m_1:/), 'update', 'm_1', user],
    ]);
    expect(sent[1]!.body.fromMe).toBe(true);
    expect(sent[0]!.body.fromMe).toBe(false);
    expect(sent[2]!.body).toMatchObject({ mediaType: 'image', media: { url: 'https://cdn.example/x/foto.jpg?x=1', filename: 'foto.jpg' } });
    expect(sent[3]!.body).toMatchObject({ mediaType: 'application', media: { filename: 'doc.pdf' } });
    expect(sent[5]!.body).toMatchObject({ kind: 'watermark', ack: 3, watermark: 1 });
    expect(sent[6]!.body.reaction).toEqual({ emoji: '❤️', from: user, fromMe: false });
    expect(sent[7]!.body.editedBody).toBe('Oi página!');
    expect(sent.every((s) => s.opts.groupId === `7#12#${user}`)).toBe(true);
    for (const s of sent) expect(InboundEnvelope.safeParse(s.body).success).toBe(true);
  });

  it('maps Instagram messages, reads (messaging_seen), unsends and unreacts', async () => {
    const user = 'IGSID-9';
    const ev = (extra: Record<string, unknown>) => ({ sender: { id: user }, recipient: { id: IG }, timestamp: 1_710_000_001_000, ...extra });
    await deliver('instagram', messagingPayload('instagram', IG, [
      ev({ message: { mid: 'ig_1', text: 'oi insta' } }),
      ev({ read: { mid: 'ig_out' } }),
      ev({ message: { mid: 'ig_1', is_deleted: true } }),
      ev({ reaction: { mid: 'ig_out', action: 'unreact' } }),
      ev({ message: { mid: 'ig_2', attachments: [{ type: 'share', payload: { url: 'https://instagram.example/p/1' } }] } }),
    ]));
    expect(sent.map((s) => [s.opts.dedupId.replace(/:\d+$/, ''), s.body.ack ?? s.body.deleted ?? s.body.reaction?.emoji ?? s.body.body])).toEqual([
      ['13:msg:ig_1', 'oi insta'],
      ['13:ack:ig_out:read', 3],
      ['13:del:ig_1', true],
      ['13:react:ig_out:IGSID-9:unreact', ''],
      ['13:msg:ig_2', 'https://instagram.example/p/1'],
    ]);
  });

  it('refuses a payload of the other product on a channel', async () => {
    expect(await codeOf(deliver('instagram', messagingPayload('page', IG, [])))).toBe('400 ERR_VALIDATION');
    expect(await codeOf(deliver('facebook', messagingPayload('page', PAGE, [{ sender: {}, recipient: { id: PAGE } }])))).toBe('400 ERR_VALIDATION');
    expect(sent).toEqual([]);
  });
});

describe("Meta's documented payloads", () => {
  it('stamps messages with their arrival in the order Meta sent them, so messages of one second keep it', async () => {
    const msg = (id: string) => ({ from: '5511900000001', id, timestamp: '1710000000', type: 'text', text: { body: id } });
    await deliver('wppoficial', cloudPayload(PHONE, { messages: [msg('wamid.C'), msg('wamid.A'), msg('wamid.B')], statuses: [{ id: 'wamid.OUT', status: 'read', timestamp: '1710000000', recipient_id: '5511900000001' }] }));
    const stamps = sent.filter((s) => s.body.kind === 'message').map((s) => [s.body.externalId, s.body.receivedAt]);
    expect(stamps.map(([id]) => id)).toEqual(['wamid.C', 'wamid.A', 'wamid.B']);
    const times = stamps.map(([, t]) => t as number);
    expect(times[0]! < times[1]! && times[1]! < times[2]!).toBe(true);
    expect(sent.find((s) => s.body.kind === 'update')!.body).not.toHaveProperty('receivedAt');
  });

  it('keeps a placeholder for what the channel does not deliver (Cloud API type unsupported, Instagram and Messenger is_unsupported)', async () => {
    // The Cloud API's documented unsupported message.
    await deliver('wppoficial', cloudPayload(PHONE, {
      contacts: [{ profile: { name: 'Maria' }, wa_id: '5511900000001' }],
      messages: [{ from: '5511900000001', id: 'wamid.UNSUP', timestamp: '1710000000', type: 'unsupported', errors: [{ code: 131051, title: 'Message type unknown', message: 'Message type unknown', error_data: { details: 'Message type is currently not supported.' } }], unsupported: { type: 'edit' } }],
    }));
    const ev = (mid: string) => ({ sender: { id: 'IGSID-7' }, recipient: { id: IG }, timestamp: 1_710_000_000_000, message: { mid, is_unsupported: true } });
    await deliver('instagram', messagingPayload('instagram', IG, [ev('ig_unsup')]));
    await deliver('facebook', messagingPayload('page', PAGE, [{ ...ev('fb_unsup'), recipient: { id: PAGE } }]));
    expect(sent.map((s) => [s.body.kind, s.body.externalId, s.body.mediaType, s.body.body, s.body.fromMe])).toEqual([
      ['message', 'wamid.UNSUP', 'unsupported', '', false],
      ['message', 'ig_unsup', 'unsupported', '', false],
      ['message', 'fb_unsup', 'unsupported', '', false],
    ]);
    expect(sent[0]!.body.contactName).toBe('Maria');
    for (const s of sent) expect(InboundEnvelope.safeParse(s.body).success).toBe(true);
  });

  it('keeps the whole contact card: e-mails, organisation, addresses, sites and birthday besides name and numbers', async () => {
    // The Cloud API's documented contacts message.
    const card = {
      addresses: [{ street: 'Av. Paulista, 1000; sala 5', city: 'São Paulo', state: 'SP', zip: '01310-100', country: 'Brasil', country_code: 'BR', type: 'WORK' }],
      birthday: '1990-04-01',
      emails: [{ email: 'ana@empresa.com.br', type: 'WORK' }],
      name: { formatted_name: 'Ana Souza', first_name: 'Ana', last_name: 'Souza' },
      org: { company: 'Empresa X', department: 'Vendas', title: 'Gerente' },
      phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678', type: 'CELL' }],
      urls: [{ url: 'https://empresa.com.br', type: 'WORK' }],
    };
    await deliver('wppoficial', cloudPayload(PHONE, { messages: [{ from: '5511900000001', id: 'wamid.CARD', timestamp: '1710000000', type: 'contacts', contacts: [card] }] }));
    expect(sent[0]!.body.mediaType).toBe('contactMessage');
    expect(sent[0]!.body.body.split('\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Souza;Ana;;;',
      'FN:Ana Souza',
      'ORG:Empresa X;Vendas',
      'TITLE:Gerente',
      'TEL;type=CELL;waid=5511912345678:+55 11 91234-5678',
      'EMAIL;type=WORK:ana@empresa.com.br',
      'ADR;type=WORK:;;Av. Paulista\\, 1000\\; sala 5;São Paulo;SP;01310-100;Brasil',
      'URL;type=WORK:https://empresa.com.br',
      'BDAY:1990-04-01',
      'END:VCARD',
    ]);
  });

  it('turns Messenger receipts that name no message into watermarks (message_reads, message_deliveries)', async () => {
    // The documented payloads: read with only a watermark; delivery with a watermark and no mids.
    const ev = (extra: Record<string, unknown>) => ({ sender: { id: 'PSID-W' }, recipient: { id: PAGE }, timestamp: 1_458_668_856_463, ...extra });
    await deliver('facebook', messagingPayload('page', PAGE, [ev({ read: { watermark: 1_458_668_856_253 } }), ev({ delivery: { watermark: 1_458_668_856_253 } }), ev({ delivery: { mids: ['mid.1'], watermark: 1_458_668_856_253 } })]));
    expect(sent.map((s) => s.body)).toEqual([
      { kind: 'watermark', companyId: 7, whatsappId: 12, chatId: 'PSID-W', ack: 3, watermark: 1_458_668_856_253, timestamp: 1_458_668_856_463 },
      { kind: 'watermark', companyId: 7, whatsappId: 12, chatId: 'PSID-W', ack: 2, watermark: 1_458_668_856_253, timestamp: 1_458_668_856_463 },
      expect.objectContaining({ kind: 'update', externalId: 'mid.1', ack: 2 }),
    ]);
    expect(sent[0]!.opts.groupId).toBe('7#12#PSID-W');
  });
});
