/** Baileys: message mapping with recorded-shaped messages, and a start with no network. */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import type { ConnectionStatus, InboundEnvelope, OutboundJob } from '@conversa/shared/channels';
import { silentLog } from '../log';
import { memoryAuthStore } from './baileys-auth';
import { BaileysDriver, type BaileysOptions } from './baileys';
import { Boom } from '@hapi/boom';
import { signalOf, SendError } from '@conversa/shared/send-signals';
import { closeSignal, jidOf, mapAck, mapCall, mapMessage, mapOnWhatsApp, sendSignalOf } from './baileys-map';

// The media bucket, for the sends that carry a file.
vi.mock('../media', async (actual) => ({ ...(await actual<typeof import('../media')>()), getMedia: async () => Buffer.from('OggS\0fake') }));

const ref = { companyId: 3, whatsappId: 9 };
const msg = (o: Partial<WAMessage> & { message: proto.IMessage }): WAMessage =>
  ({ key: { remoteJid: '5511999990000@s.whatsapp.net', fromMe: false, id: '3EB0C767D26A1D0C' }, messageTimestamp: 1_700_000_000, pushName: 'Maria', ...o }) as WAMessage;

describe('mapMessage', () => {
  it('maps a text from a customer', () => {
    expect(mapMessage(msg({ message: { conversation: 'Olá!' } }), ref)).toEqual({
      envelope: { kind: 'message', companyId: 3, whatsappId: 9, chatId: '5511999990000', externalId: '3EB0C767D26A1D0C', isGroup: false, fromMe: false, contactName: 'Maria', altIds: [], body: 'Olá!', timestamp: 1_700_000_000_000 },
    });
  });

  it('maps a quoted reply, our own echo and a group message with its participant', () => {
    const quoted = mapMessage(msg({ message: { extendedTextMessage: { text: 'yes', contextInfo: { stanzaId: 'ABC123', participant: '5511999990000@s.whatsapp.net' } } } }), ref)!;
    expect(quoted.envelope).toMatchObject({ kind: 'message', body: 'yes', quotedExternalId: 'ABC123' });
    const echo = mapMessage(msg({ key: { remoteJid: '5511999990000@s.whatsapp.net', fromMe: true, id: 'OURS1' }, message: { conversation: 'sent by us' } }), ref)!;
    expect(echo.envelope).toMatchObject({ kind: 'message', externalId: 'OURS1', fromMe: true, contactName: '' });
    const g = mapMessage(msg({ key: { remoteJid: '120363025246125486@g.us', fromMe: false, id: 'G1', participant: '5511888880000@s.whatsapp.net' }, message: { conversation: 'hi all' } }), ref)!;
    expect(g.envelope).toMatchObject({ kind: 'message', chatId: '120363025246125486@g.us', isGroup: true, participant: { id: '5511888880000', name: 'Maria' }, contactName: '' });
  });

  it('maps media (to download), location, contact cards', () => {
    const img = mapMessage(msg({ message: { imageMessage: { mimetype: 'image/jpeg', caption: 'look', fileLength: 1234 } } }), ref)!;
    expect(img.envelope).toMatchObject({ kind: 'message', mediaType: 'image', body: 'look' });
    expect(img.media).toEqual({ mediaType: 'image', mimetype: 'image/jpeg', filename: '', size: 1234 });
    const doc = mapMessage(msg({ message: { documentMessage: { mimetype: 'application/pdf', fileName: 'boleto.pdf' } } }), ref)!;
    expect(doc.media).toMatchObject({ mediaType: 'application', filename: 'boleto.pdf' });
    const audio = mapMessage(msg({ message: { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } } }), ref)!;
    expect(audio.envelope).toMatchObject({ mediaType: 'audio' });
    const video = mapMessage(msg({ message: { videoMessage: { mimetype: 'video/mp4' } } }), ref)!;
    expect(video.media?.mediaType).toBe('video');
    expect(mapMessage(msg({ message: { locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja' } } }), ref)!.envelope).toMatchObject({ mediaType: 'locationMessage', body: 'geo:-23.5,-46.6|Loja' });
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511977770000:+55 11 97777-0000\nEND:VCARD';
    expect(mapMessage(msg({ message: { contactMessage: { displayName: 'João', vcard } } }), ref)!.envelope).toMatchObject({ mediaType: 'contactMessage', body: vcard });
    expect(mapMessage(msg({ message: { contactsArrayMessage: { contacts: [{ vcard: 'A' }, { vcard: 'B' }] } } }), ref)!.envelope).toMatchObject({ mediaType: 'contactsArrayMessage', body: 'A\nB' });
  });

  it('maps reactions, edits and deletions to updates', () => {
    const r = mapMessage(msg({ message: { reactionMessage: { key: { id: 'TARGET1', remoteJid: '5511999990000@s.whatsapp.net', fromMe: true }, text: '👍' } } }), ref)!;
    expect(r.envelope).toMatchObject({ kind: 'update', externalId: 'TARGET1', reaction: { emoji: '👍', from: '5511999990000', fromMe: false } });
    const del = mapMessage(msg({ message: { protocolMessage: { key: { id: 'TARGET2' }, type: proto.Message.ProtocolMessage.Type.REVOKE } } }), ref)!;
    expect(del.envelope).toMatchObject({ kind: 'update', externalId: 'TARGET2', deleted: true });
    const edit = mapMessage(msg({ message: { editedMessage: { message: { protocolMessage: { key: { id: 'TARGET3' }, type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, editedMessage: { conversation: 'fixed' } } } } } }), ref)!;
    expect(edit.envelope).toMatchObject({ kind: 'update', externalId: 'TARGET3', editedBody: 'fixed' });
  });

  it('ignores status broadcasts and unsupported content; maps LID chats to the phone', () => {
    expect(mapMessage(msg({ key: { remoteJid: 'status@broadcast', id: 'S1' }, message: { conversation: 'story' } }), ref)).toBeUndefined();
    expect(mapMessage(msg({ message: { protocolMessage: { type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION } } }), ref)).toBeUndefined();
    expect(mapMessage(msg({ message: { pollUpdateMessage: {} } }), ref)).toBeUndefined();
    // A poll or an event the customer made cannot be shown: a placeholder says they wrote.
    for (const message of [{ pollCreationMessageV3: { name: 'Qual dia?', options: [{ optionName: 'Seg' }] } }, { eventMessage: { name: 'Festa' } }] as proto.IMessage[]) {
      expect(mapMessage(msg({ message }), ref)?.envelope).toMatchObject({ kind: 'message', mediaType: 'unsupported', body: '', externalId: '3EB0C767D26A1D0C' });
    }
    const lid = mapMessage(msg({ key: { remoteJid: '123456789012345@lid', id: 'L1', senderPn: '5511999990000@s.whatsapp.net' } as WAMessage['key'], message: { conversation: 'x' } }), ref)!;
    expect(lid.envelope).toMatchObject({ chatId: '5511999990000', altIds: ['123456789012345'] });
  });

  it('maps acks of our messages and incoming calls', () => {
    expect(mapAck({ key: { remoteJid: '5511999990000@s.whatsapp.net', id: 'OURS1', fromMe: true }, update: { status: 3 } }, ref)).toMatchObject({ kind: 'update', externalId: 'OURS1', chatId: '5511999990000', ack: 2 });
    expect(mapAck({ key: { remoteJid: '5511999990000@s.whatsapp.net', id: 'OURS1', fromMe: true }, update: { status: 4 } }, ref)?.ack).toBe(3);
    expect(mapAck({ key: { remoteJid: '5511999990000@s.whatsapp.net', id: 'THEIRS', fromMe: false }, update: { status: 4 } }, ref)).toBeUndefined();
    expect(mapCall({ id: 'C1', from: '5511999990000@s.whatsapp.net', status: 'offer' }, ref)).toMatchObject({ kind: 'message', mediaType: 'call_log', externalId: 'call-C1', chatId: '5511999990000' });
    expect(mapCall({ id: 'C1', from: '5511999990000@s.whatsapp.net', status: 'reject' }, ref)).toBeUndefined();
    expect(jidOf('5511999990000')).toBe('5511999990000@s.whatsapp.net');
    expect(jidOf('120363025246125486@g.us', true)).toBe('120363025246125486@g.us');
  });
});

describe('BaileysDriver without a network', () => {
  it('ends DISCONNECTED with a reason, without throwing, and stops cleanly', async () => {
    const statuses: [ConnectionStatus, string | undefined][] = [];
    const inbound: InboundEnvelope[] = [];
    const store = memoryAuthStore();
    const d = new BaileysDriver(
      { companyId: 3, whatsappId: 9, hostId: 't', log: silentLog, events: { qr: () => undefined, number: () => undefined, status: (s, r) => void statuses.push([s, r]), inbound: (e) => void inbound.push(e) } },
      { authStore: store, backoffMs: 60_000, connectTimeoutMs: 5_000 },
    );
    await d.start();
    const until = Date.now() + 15_000;
    while (!statuses.some(([s]) => s === 'DISCONNECTED') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await d.stop();
    expect(statuses[0]?.[0]).toBe('OPENING');
    const down = statuses.find(([s]) => s === 'DISCONNECTED');
    expect(down?.[1]).toBeTruthy();
    expect(d.isConnected()).toBe(false);
    await expect(d.send({ companyId: 3, whatsappId: 9, ticketId: 1, messageId: 'm', chatId: '5511999990000', isGroup: false, action: 'send', body: 'x', isForwarded: false })).rejects.toThrow(/not connected/);
  }, 20_000);
});

/** A socket without a network: the driver's listeners on an EventEmitter, groupCreate recorded. */
function fakeSocket() {
  const ev = new EventEmitter();
  const groups: { subject: string; jids: string[] }[] = [];
  const reads: unknown[][] = [];
  const sends: { jid: string; content: unknown }[] = [];
  const lookups: string[][] = [];
  /** What the next sendMessage / onWhatsApp throws (then cleared). */
  const fail: { send?: Error; lookup?: Error } = {};
  const sock = {
    ev,
    // Like Baileys: only the numbers that have an account, under the jid WhatsApp knows (an old
    // Brazilian mobile without its ninth digit); a number ending in 000 has none; 'x' answers nothing.
    onWhatsApp: async (...jids: string[]) => {
      lookups.push(jids);
      const refusal = fail.lookup;
      fail.lookup = undefined;
      if (refusal) throw refusal;
      if (jids.some((j) => j.startsWith('x'))) return undefined;
      return jids.filter((j) => !j.split('@')[0]!.endsWith('000')).map((j) => ({ jid: j.replace(/^(55\d{2})9(\d{8})@/, '$1$2@'), exists: true, lid: undefined }));
    },
    readMessages: async (keys: unknown[]) => void reads.push(keys),
    sendMessage: async (jid: string, content: unknown, opts?: { messageId?: string }) => {
      if (fail.send) {
        const err = fail.send;
        fail.send = undefined;
        throw err;
      }
      sends.push({ jid, content });
      return { key: { id: opts?.messageId ?? `SENT${sends.length}`, remoteJid: jid, fromMe: true } };
    },
    user: { id: '5511900000001:3@s.whatsapp.net' },
    end: () => undefined,
    logout: async () => undefined,
    groupCreate: async (subject: string, jids: string[]) => {
      if (subject === 'recusado') throw new Error('bad-request');
      groups.push({ subject, jids });
      return { id: '120363025246125486@g.us', subject, participants: jids.map((id) => ({ id })) };
    },
  };
  return { sock, ev, groups, reads, sends, lookups, fail };
}

function fakeDriver(store = memoryAuthStore()) {
  const f = fakeSocket();
  const statuses: ConnectionStatus[] = [];
  const signals: (string | undefined)[] = [];
  const inbound: InboundEnvelope[] = [];
  const d = new BaileysDriver(
    { companyId: 3, whatsappId: 9, hostId: 't', log: silentLog, events: { qr: () => undefined, number: () => undefined, status: (s, _r, signal) => void (statuses.push(s), signals.push(signal)), inbound: (e) => void inbound.push(e) } },
    { authStore: store, knownSaveMs: 5, makeSocket: (() => f.sock) as unknown as BaileysOptions['makeSocket'] },
  );
  return { d, store, statuses, signals, inbound, ...f };
}
const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));
/** A fake-socket driver whose socket has opened. */
async function connectedDriver() {
  const f = fakeDriver();
  await f.d.start();
  f.ev.emit('connection.update', { connection: 'open' });
  await tick();
  return f;
}

describe('BaileysDriver reactions and read receipts (fake socket)', () => {
  const job = (over: Partial<OutboundJob>): OutboundJob => ({ companyId: 3, whatsappId: 9, ticketId: 1, messageId: 'm1', chatId: '120363025246125486@g.us', isGroup: true, action: 'send', body: '', isForwarded: false, ...over });

  it('sends the read receipts of every message named, each key with who wrote it in a group', async () => {
    const { d, reads } = await connectedDriver();
    await d.send(job({ action: 'read', targetExternalId: 'B2', targets: [{ externalId: 'B2', fromMe: false, participant: '5511922220000' }, { externalId: 'A1', fromMe: false, participant: '5511911110000' }] }));
    expect(reads).toEqual([
      [
        { remoteJid: '120363025246125486@g.us', id: 'B2', fromMe: false, participant: '5511922220000@s.whatsapp.net' },
        { remoteJid: '120363025246125486@g.us', id: 'A1', fromMe: false, participant: '5511911110000@s.whatsapp.net' },
      ],
    ]);
    await d.send(job({ action: 'read', chatId: '5511999990000', isGroup: false, targetExternalId: 'C3', targets: [{ externalId: 'C3', fromMe: false }] }));
    expect(reads[1]).toEqual([{ remoteJid: '5511999990000@s.whatsapp.net', id: 'C3', fromMe: false }]);
    await d.stop();
  });

  it("reacts to a customer's group message with its author's key, and removes the reaction with an empty text", async () => {
    const { d, sends } = await connectedDriver();
    const target = { targetExternalId: 'G1', targets: [{ externalId: 'G1', fromMe: false, participant: '5511911110000' }] };
    expect(await d.send(job({ action: 'react', body: '👍', ...target }))).toEqual({ externalId: 'G1' });
    await d.send(job({ action: 'react', body: '', ...target }));
    const key = { remoteJid: '120363025246125486@g.us', id: 'G1', fromMe: false, participant: '5511911110000@s.whatsapp.net' };
    expect(sends.map((x) => x.content)).toEqual([{ react: { text: '👍', key } }, { react: { text: '', key } }]);
    await d.stop();
  });
});

describe('BaileysDriver media (fake socket)', () => {
  const audio = (mimetype: string, voiceNote?: boolean): OutboundJob => ({ companyId: 3, whatsappId: 9, ticketId: 1, messageId: 'm1', chatId: '5511999990000', isGroup: false, action: 'send', body: '', isForwarded: false, mediaType: 'audio', mediaKey: 'companies/3/flows/a', mimetype, ...(voiceNote === undefined ? {} : { voiceNote }) });

  it("an Opus audio goes as a voice note unless the flow's 'gravado na hora' is off; an mp3 goes as a file", async () => {
    const { d, sends } = await connectedDriver();
    for (const job of [audio('audio/ogg'), audio('audio/webm;codecs=opus'), audio('audio/ogg', true), audio('audio/ogg', false), audio('audio/mpeg', true)]) await d.send(job);
    expect(sends.map((x) => (x.content as { ptt: boolean; mimetype: string }).ptt)).toEqual([true, true, true, false, false]);
    expect(sends.map((x) => (x.content as { mimetype: string }).mimetype)).toEqual(['audio/ogg', 'audio/webm;codecs=opus', 'audio/ogg', 'audio/ogg', 'audio/mpeg']);
    await d.stop();
  });
});

describe('BaileysDriver session commands (fake socket)', () => {
  it('creates a group with the participants as jids, only while connected; a refusal is thrown', async () => {
    const { d, ev, groups } = fakeDriver();
    await d.start();
    await expect(d.createGroup('Equipe', ['5511988880000'])).rejects.toThrow(/not connected/);
    ev.emit('connection.update', { connection: 'open' });
    await tick();
    expect(d.isConnected()).toBe(true);
    await expect(d.createGroup('Equipe', ['5511988880000', '5511977770000'])).resolves.toEqual({ id: '120363025246125486@g.us', subject: 'Equipe' });
    expect(groups).toEqual([{ subject: 'Equipe', jids: ['5511988880000@s.whatsapp.net', '5511977770000@s.whatsapp.net'] }]);
    await expect(d.createGroup('recusado', ['5511988880000'])).rejects.toThrow('bad-request');
    await d.stop();
  });

  it('knows the people of the history sync, contact and chat events and who wrote; phones only; kept with the auth state', async () => {
    const { d, ev, store } = fakeDriver();
    await d.start();
    ev.emit('connection.update', { connection: 'open' });
    await tick();
    ev.emit('messaging-history.set', {
      contacts: [
        { id: '5511988880000@s.whatsapp.net', notify: 'Ana' },
        { id: '123456789012345@lid' },
        { id: '120363025246125486@g.us', name: 'Um grupo' },
        { id: '987654321098765@lid', jid: '5511955550000@s.whatsapp.net', name: 'Dora Salva' },
      ],
      chats: [{ id: '5511966660000@s.whatsapp.net', name: 'Carla' }, { id: 'status@broadcast' }],
      messages: [],
    });
    // The name the account saved beats the one the person set; a person's own name never replaces a saved one.
    ev.emit('contacts.upsert', [{ id: '5511988880000@s.whatsapp.net', name: 'Ana Paula (salva)' }]);
    ev.emit('contacts.update', [{ id: '5511988880000@s.whatsapp.net', notify: 'aninha' }]);
    ev.emit('chats.upsert', [{ id: '5511944440000@s.whatsapp.net' }]);
    ev.emit('messages.upsert', {
      type: 'notify',
      messages: [
        msg({ key: { remoteJid: '5511933330000@s.whatsapp.net', fromMe: false, id: 'W1' }, pushName: 'Elisa', message: { conversation: 'oi' } }),
        // A LID chat without its phone: no number to import.
        msg({ key: { remoteJid: '555555555555555@lid', fromMe: false, id: 'W2' }, pushName: 'Sem número', message: { conversation: 'oi' } }),
      ],
    });
    await tick();
    const expected = [
      { number: '5511988880000', name: 'Ana Paula (salva)' },
      { number: '5511955550000', name: 'Dora Salva' },
      { number: '5511966660000', name: 'Carla' },
      { number: '5511944440000', name: '' },
      { number: '5511933330000', name: 'Elisa' },
    ];
    expect(await d.listChats()).toEqual(expected);
    await tick(30);
    expect(store.items.get('known-chats')).toBe('1');
    await d.stop();

    // Another host (same stored state) knows them before anything new arrives.
    const again = fakeDriver(store);
    await again.d.start();
    again.ev.emit('connection.update', { connection: 'open' });
    await tick();
    expect(await again.d.listChats()).toEqual(expected);
    // A logout forgets them with the login.
    await again.d.logout();
    expect(store.items.size).toBe(0);
    await expect(again.d.listChats()).rejects.toThrow(/not connected/);
  });
});

describe('Baileys for campaigns: the numbers check and the ban and rate signals', () => {
  it("maps onWhatsApp's answer to each number, in order, the ninth-digit spelling WhatsApp answers included", () => {
    const answer = [{ jid: '551188880001@s.whatsapp.net', exists: true }, { jid: '14155550100@s.whatsapp.net', exists: true }];
    expect(mapOnWhatsApp(['5511988880001', '5511988880000', '14155550100'], answer)).toEqual([true, false, true]);
    expect(mapOnWhatsApp(['5511988880001'], [{ jid: '5511988880001@s.whatsapp.net', exists: false }])).toEqual([false]);
    expect(mapOnWhatsApp(['5511988880001', '14155550100'], undefined)).toEqual([null, null]);
  });

  it('checks numbers with the socket, only while connected', async () => {
    const { d, ev, lookups } = fakeDriver();
    await d.start();
    await expect(d.checkNumbers(['5511988880001'])).rejects.toThrow(/not connected/);
    ev.emit('connection.update', { connection: 'open' });
    await tick();
    expect(await d.checkNumbers(['5511988880001', '5511977770000', '14155550100'])).toEqual([true, false, true]);
    expect(lookups).toEqual([['5511988880001@s.whatsapp.net', '5511977770000@s.whatsapp.net', '14155550100@s.whatsapp.net']]);
    expect(await d.checkNumbers(['x1'])).toEqual([null]);
    await d.stop();
  });

  it('"rate-overlimit" is a rate limit (as Baileys throws it: a Boom with the error node\'s text and code)', () => {
    expect(sendSignalOf(new Boom('rate-overlimit', { data: 429 }))).toBe('rate_limit');
    expect(sendSignalOf(new Boom('Unknown error', { data: 429 }))).toBe('rate_limit');
    expect(sendSignalOf(new Boom('item-not-found', { data: 404 }))).toBeUndefined();
    expect(sendSignalOf(new Error('Connection Closed'))).toBeUndefined();
    expect(sendSignalOf(undefined)).toBeUndefined();
  });

  it('a send or a check WhatsApp refuses with rate-overlimit throws a SendError with the signal; other failures stay as they are', async () => {
    const { d, fail } = await connectedDriver();
    const job: OutboundJob = { companyId: 3, whatsappId: 9, ticketId: 1, messageId: 'm', chatId: '5511999990000', isGroup: false, action: 'send', body: 'Oferta', isForwarded: false };
    fail.send = new Boom('rate-overlimit', { data: 429 });
    const limited = await d.send(job).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(SendError);
    expect(signalOf(limited)).toBe('rate_limit');
    fail.send = new Boom('Connection Closed', { statusCode: 428 });
    const other = await d.send(job).catch((e: unknown) => e);
    expect(signalOf(other)).toBeUndefined();
    expect((other as Error).message).toBe('Connection Closed');
    fail.lookup = new Boom('rate-overlimit', { data: 429 });
    expect(signalOf(await d.checkNumbers(['5511988880001']).catch((e: unknown) => e))).toBe('rate_limit');
    expect(await d.send(job)).toEqual({ externalId: expect.stringMatching(/^SENT/) });
    await d.stop();
  });

  it("sends a campaign's message under its preset id (its acks and echo name the recipient)", async () => {
    const { d } = await connectedDriver();
    const presetId = `3EB0${'A'.repeat(36)}`;
    const job: OutboundJob = { companyId: 3, whatsappId: 9, campaign: { campaignId: 1, itemId: 2, gen: 1 }, chatId: '5511999990000', isGroup: false, action: 'send', body: 'Oferta', isForwarded: false, presetId };
    expect(await d.send(job)).toEqual({ externalId: presetId });
    await d.stop();
  });

  it('a close as banned (403, 402, 406) reports DISCONNECTED with the signal and does not reconnect; others reconnect without one', async () => {
    expect([402, 403, 406, 401, 408, 428, 500, undefined].map(closeSignal)).toEqual(['banned', 'banned', 'banned', undefined, undefined, undefined, undefined, undefined]);
    const { d, ev, statuses, signals, store } = fakeDriver();
    store.items.set('creds', '{}');
    await d.start();
    ev.emit('connection.update', { connection: 'open' });
    await tick();
    ev.emit('connection.update', { connection: 'close', lastDisconnect: { error: new Boom('Connection Failure', { statusCode: 403 }), date: new Date() } });
    await tick();
    expect(statuses.at(-1)).toBe('DISCONNECTED');
    expect(signals.at(-1)).toBe('banned');
    expect(d.isConnected()).toBe(false);
    // Stopped: no reconnect is scheduled; the login is kept (a restart tries again).
    await tick(50);
    expect(statuses.filter((s) => s === 'OPENING')).toHaveLength(1);
    expect(store.items.get('creds')).toBe('{}');
    await d.stop();

    const again = fakeDriver();
    await again.d.start();
    again.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error: new Boom('Connection Lost', { statusCode: 408 }), date: new Date() } });
    await tick();
    expect(again.statuses.at(-1)).toBe('DISCONNECTED');
    expect(again.signals.at(-1)).toBeUndefined();
    await again.d.stop();
  });
});
