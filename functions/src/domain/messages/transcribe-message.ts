/**
 * POST /messages/transcription/{id}: the text of an audio message, offered when the company has a
 * `groqApiKey` (spec 1 §4). The audio is read from S3 and sent to the transcription API; the
 * text is stored on the message (asked again, it is answered from there) and pushed as an update.
 */
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';
import type { TranscriptionResult } from '@conversa/shared/schemas/messages';
import { getMessage, setTranscription } from '../../adapters/db/messages';
import { readMedia } from '../../adapters/media';
import { transcribeAudio } from '../../adapters/transcriber';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';
import type { AuthContext } from '../auth/authenticate';
import { messageUpdated } from './message-updated';
import { loadTicketFor } from '../tickets/ticket-view';
import { toMessageView } from './message-view';

const extensionOf = (mimetype: string): string => {
  const sub = mimetype.split('/')[1]?.split(';')[0] ?? 'ogg';
  return ({ mpeg: 'mp3', 'x-m4a': 'm4a', mp4: 'm4a', 'x-wav': 'wav', opus: 'ogg' } as Record<string, string>)[sub] ?? sub.replace(/[^a-z0-9]/gi, '');
};

export async function transcribeMessage(auth: AuthContext, ref: { ticketId: number; messageId: string }): Promise<TranscriptionResult> {
  const { ticket, settings } = await loadTicketFor(auth, ref.ticketId);
  const apiKey = (settings.groqApiKey ?? '').trim();
  if (!apiKey) throw new AppError('ERR_NO_SETTING_FOUND');
  const message = await getMessage(auth.companyId, ref.ticketId, ref.messageId);
  if (!message || message.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND');
  if (message.mediaType !== 'audio' || !message.mediaKey) throw new AppError('ERR_VALIDATION', [{ path: 'params.id', message: 'not an audio message' }]);
  if (message.transcription !== undefined) return { transcription: message.transcription, message: await toMessageView(message) };

  const mimetype = message.mimetype || 'audio/ogg';
  let text: string;
  try {
    const audio = await readMedia(message.mediaKey, UPLOAD_LIMIT_BYTES);
    text = await transcribeAudio({ apiKey, audio, mimetype, filename: message.filename && /\.\w+$/.test(message.filename) ? message.filename : `audio.${extensionOf(mimetype)}` });
  } catch (err) {
    log.warn('transcription failed', { ticketId: ref.ticketId, messageId: ref.messageId, err: (err as Error).message });
    throw new AppError('ERR_TRANSCRIPTION_FAILED');
  }
  const after = (await setTranscription(auth.companyId, ref.ticketId, ref.messageId, text)) ?? { ...message, transcription: text };
  await messageUpdated(ticket, after);
  return { transcription: text, message: await toMessageView(after) };
}
