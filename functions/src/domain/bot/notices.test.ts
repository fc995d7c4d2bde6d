import { describe, expect, it } from 'vitest';
import { SETTINGS, type SettingKey } from '@conversa/shared/settings';
import { fileNotReceived, noticeFor } from './notices';
import { BOT_TEXTS } from './texts';

const defaults = Object.fromEntries(Object.entries(SETTINGS).map(([k, d]) => [k, d.default])) as Record<SettingKey, string>;
const settings = (over: Partial<Record<SettingKey, string>>) => ({ ...defaults, ...over });

describe('notices', () => {
  it('calls only while acceptCallWhatsapp is disabled', () => {
    const call = { mediaType: 'call_log' as const };
    expect(noticeFor(call, { acceptAudioMessage: true }, defaults)).toBeUndefined();
    expect(noticeFor(call, { acceptAudioMessage: true }, settings({ acceptCallWhatsapp: 'disabled' }))).toBe(BOT_TEXTS.callRejected);
  });

  it('audio only for a contact who may not send it, with the company setting disabled; a stored audio is no missing file', () => {
    const audio = { mediaType: 'audio' as const, mediaKey: 'k' };
    expect(noticeFor(audio, { acceptAudioMessage: false }, defaults)).toBeUndefined();
    expect(noticeFor(audio, { acceptAudioMessage: true }, settings({ acceptAudioMessageContact: 'disabled' }))).toBeUndefined();
    expect(noticeFor(audio, { acceptAudioMessage: false }, settings({ acceptAudioMessageContact: 'disabled', notifyClientFileLimit: 'enabled' }))).toBe(BOT_TEXTS.audioRejected);
  });

  it('a file that did not arrive: announced without bytes, or noted by the webhook or the worker (by the note\'s code)', () => {
    expect(fileNotReceived({ mediaType: 'video' })).toBe(true);
    expect(fileNotReceived({ mediaType: 'video', mediaKey: 'k' })).toBe(false);
    expect(fileNotReceived({ mediaError: 'ERR_MEDIA_TOO_LARGE' })).toBe(true);
    expect(fileNotReceived({ mediaError: 'ERR_WAPP_DOWNLOAD_MEDIA' })).toBe(true);
    expect(fileNotReceived({ mediaError: 'ERR_MEDIA_TOO_LARGE', mediaType: 'locationMessage' })).toBe(false);
    expect(fileNotReceived({})).toBe(false);
    expect(noticeFor({ mediaType: 'image' }, { acceptAudioMessage: true }, defaults)).toBeUndefined();
    expect(noticeFor({ mediaType: 'image' }, { acceptAudioMessage: true }, settings({ notifyClientFileLimit: 'enabled' }))).toBe(BOT_TEXTS.fileLimit);
  });
});
