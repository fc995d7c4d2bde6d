/**
 * What an OutboundJob becomes on a Graph channel: which account sends, to whom, and the Graph
 * request (text, media link, reaction, read receipt, Cloud API template). Pure: the worker supplies the media link.
 */
import type { Channel, OutboundJob } from '@conversa/shared/channels';
import type { GraphMediaKind, GraphSend } from '../../adapters/graph';

type Provider = { phoneNumberId?: string; pageId?: string; igAccountId?: string };

export type GraphTarget = { api: 'cloud' | 'messenger'; account: string };

/** The sending account of a connection; undefined when the connection lacks its provider id. */
export function graphTarget(channel: Channel, provider: Provider | undefined): GraphTarget | undefined {
  if (channel === 'wppoficial') return provider?.phoneNumberId ? { api: 'cloud', account: provider.phoneNumberId } : undefined;
  if (channel === 'facebook') return provider?.pageId ? { api: 'messenger', account: provider.pageId } : undefined;
  if (channel === 'instagram') {
    const account = provider?.pageId ?? provider?.igAccountId;
    return account ? { api: 'messenger', account } : undefined;
  }
  return undefined;
}

const KIND: Partial<Record<NonNullable<OutboundJob['mediaType']>, GraphMediaKind>> = { image: 'image', audio: 'audio', video: 'video', application: 'document' };

export class UnsupportedJob extends Error {}

/** The Graph request of a job. `mediaLink` names the job's stored media (a short-lived URL). */
export function graphSendOf(job: OutboundJob, mediaLink?: string): GraphSend {
  switch (job.action) {
    case 'read':
      return { type: 'read', messageId: job.targetExternalId };
    case 'react':
      if (!job.targetExternalId) throw new UnsupportedJob('a reaction needs the target message');
      return { type: 'reaction', messageId: job.targetExternalId, emoji: job.body };
    case 'edit':
    case 'delete':
      throw new UnsupportedJob(`${job.action} is not available on this channel`);
    default: {
      if (job.template) return { type: 'template', name: job.template.name, language: job.template.language, params: job.template.params };
      const kind = job.mediaType ? KIND[job.mediaType] : undefined;
      if (kind && job.mediaKey) {
        if (!mediaLink) throw new UnsupportedJob('the media link is missing');
        // A body that only repeats the file's name (WhatsApp puts it there) is no caption.
        const caption = job.body && job.body !== job.filename ? job.body : undefined;
        return { type: 'media', kind, link: mediaLink, caption, filename: job.filename, replyTo: job.quotedExternalId };
      }
      if (!job.body) throw new UnsupportedJob('nothing to send');
      return { type: 'text', body: job.body, replyTo: job.quotedExternalId };
    }
  }
}
