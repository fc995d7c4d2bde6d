/**
 * What the platform answers by itself to what it does not take (spec 1 §3 settings): a call with
 * `acceptCallWhatsapp` disabled (a call as the WhatsApp session delivers it: a call_log message),
 * an audio from a contact who may not send audio with `acceptAudioMessageContact` disabled, a file
 * that did not arrive with `notifyClientFileLimit`. The connection has no queues: nothing else
 * answers. Exact texts on the sandbox phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/api';
import { botCompany, Customer, setSetting } from '../support/bot-chat';

let admin: Client;
let companyId: number;
let wid: number;

const CALL = '*Mensagem Automática*:\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp. Por favor, envie uma mensagem de texto. Obrigado!';
const AUDIO = '*Mensagem Automática*:\nInfelizmente não conseguimos escutar nem enviar áudios por este canal de atendimento. Por favor, envie uma mensagem de *texto*.';
const FILE = '*Mensagem Automática*:\nNão conseguimos receber o seu arquivo. Enviamos e recebemos arquivos de até 20 MB.';

/** A voice note on the phone: uploaded like any file, played with its key. */
async function voiceNote(): Promise<{ key: string; mimetype: string; filename: string; mediaType: 'audio' }> {
  const bytes = Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), Buffer.alloc(2042, 7)]);
  const up = await admin.call('POST', '/messages/upload', { body: { filename: 'audio.ogg', mimetype: 'audio/ogg', size: bytes.length } });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  expect((await fetch(up.body.url, { method: 'PUT', headers: up.body.headers, body: bytes })).status).toBe(200);
  return { key: up.body.key, mimetype: 'audio/ogg', filename: 'audio.ogg', mediaType: 'audio' };
}

beforeAll(async () => {
  ({ admin, companyId, wid } = await botCompany());
}, 120_000);

describe('notices', () => {
  it('a call: answered with the calls text while acceptCallWhatsapp is disabled, once per call; nothing while enabled', async () => {
    const c = new Customer(admin, companyId, wid, '5511955550001', 'Chamador');
    await c.deliver('Voice call', { mediaType: 'call_log', externalId: `call-${Date.now()}-1` });
    await c.nothing(1000);
    await setSetting(admin, 'acceptCallWhatsapp', 'disabled');
    const call = await c.deliver('Video call', { mediaType: 'call_log', externalId: `call-${Date.now()}-2` });
    expect(await c.next(1)).toEqual([CALL]);
    // The same call's record delivered again: no second answer.
    await c.deliver('Video call', call);
    await c.nothing(1000);
    await setSetting(admin, 'acceptCallWhatsapp', 'enabled');
  }, 90_000);

  it("audio: refused with its text for a contact who may not send audio while acceptAudioMessageContact is disabled; others' audio passes", async () => {
    const refused = new Customer(admin, companyId, wid, '5511955550002', 'Sem Áudio');
    expect((await admin.call('POST', '/contacts', { body: { name: refused.name, number: refused.number, acceptAudioMessage: false } })).status).toBe(201);
    await refused.say('', { media: await voiceNote() });
    await refused.nothing();
    await setSetting(admin, 'acceptAudioMessageContact', 'disabled');
    await refused.say('', { media: await voiceNote() });
    expect(await refused.next(1)).toEqual([AUDIO]);
    await refused.say('Agora por texto');
    await refused.nothing();
    const allowed = new Customer(admin, companyId, wid, '5511955550003', 'Com Áudio');
    await allowed.say('', { media: await voiceNote() });
    await allowed.nothing();
    await setSetting(admin, 'acceptAudioMessageContact', 'enabled');
  }, 90_000);

  it('a file that did not arrive (the session announced it without its bytes; a webhook noted it too large): the file limit with notifyClientFileLimit', async () => {
    const c = new Customer(admin, companyId, wid, '5511955550004', 'Arquivo Grande');
    await c.deliver('', { mediaType: 'video' });
    await c.nothing(1000);
    await setSetting(admin, 'notifyClientFileLimit', 'enabled');
    await c.deliver('', { mediaType: 'video' });
    expect(await c.next(1)).toEqual([FILE]);
    await c.deliver('Arquivo é muito grande! 20MB máximo (filme.mp4)', { mediaError: 'ERR_MEDIA_TOO_LARGE' });
    expect(await c.next(1)).toEqual([FILE]);
    // The same words typed by the customer are no missing file: the rule reads the note's code.
    await c.deliver('Arquivo é muito grande! 20MB máximo (filme.mp4)');
    await c.nothing();
    // A file that arrived: nothing.
    await c.say('', { media: { ...(await voiceNote()), mediaType: 'audio' } });
    await c.nothing();
    await setSetting(admin, 'notifyClientFileLimit', 'disabled');
  }, 90_000);
});
