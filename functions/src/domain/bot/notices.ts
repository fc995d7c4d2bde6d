/**
 * The platform's answers to what a channel delivered but the company does not take (spec 1 §3
 * setting keys): calls (`acceptCallWhatsapp`), audio (`acceptAudioMessageContact` and the
 * contact's `acceptAudioMessage`), files that did not arrive (`notifyClientFileLimit`).
 */
import { TOO_LARGE_BODY } from '@conversa/shared/channels';
import { ERRORS } from '@conversa/shared/errors';
import type { SettingKey } from '@conversa/shared/settings';
import type { Contact } from '../../adapters/db/contacts';
import type { Message } from '../../adapters/db/messages';
import { BOT_TEXTS } from './texts';

const FILE_TYPES = new Set(['image', 'audio', 'video', 'application']);

/**
 * A file the customer sent that is not stored: too large for the webhook (its note), not
 * downloadable by the worker (its note), or announced by the session without its bytes (the
 * session host drops media over its limit or whose download failed).
 */
export function fileNotReceived(m: Pick<Message, 'body' | 'mediaType' | 'mediaKey'>): boolean {
  if (m.mediaType && FILE_TYPES.has(m.mediaType)) return !m.mediaKey;
  return !m.mediaType && (m.body.startsWith(TOO_LARGE_BODY) || m.body.startsWith(ERRORS.ERR_WAPP_DOWNLOAD_MEDIA.pt));
}

/** The notice an inbound message earns, if any (read only for calls, audio and missing files). */
export function noticeFor(m: Pick<Message, 'body' | 'mediaType' | 'mediaKey'>, contact: Pick<Contact, 'acceptAudioMessage'>, settings: Record<SettingKey, string>): string | undefined {
  if (m.mediaType === 'call_log') return settings.acceptCallWhatsapp === 'disabled' ? BOT_TEXTS.callRejected : undefined;
  if (fileNotReceived(m)) return settings.notifyClientFileLimit === 'enabled' ? BOT_TEXTS.fileLimit : undefined;
  if (m.mediaType === 'audio' && contact.acceptAudioMessage === false && settings.acceptAudioMessageContact === 'disabled') return BOT_TEXTS.audioRejected;
  return undefined;
}

/** Whether the message may earn a notice at all (so the settings are read only then). */
export const mayEarnNotice = (m: Pick<Message, 'body' | 'mediaType' | 'mediaKey'>): boolean => m.mediaType === 'call_log' || m.mediaType === 'audio' || fileNotReceived(m);
