/** Realtime channel names (spec 1 §7) and the event envelope every server push carries. */
import type { RealtimeEvent } from './realtime-payloads';

/** Each channel's payload: realtime-payloads.ts. */
export const channel = {
  user: (companyId: number) => `company-${companyId}-user` as const,
  auth: (companyId: number) => `company-${companyId}-auth` as const,
  settings: (companyId: number) => `company-${companyId}-settings` as const,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp` as const,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession` as const,
  ticket: (companyId: number) => `company-${companyId}-ticket` as const,
  appMessage: (companyId: number) => `company-${companyId}-appMessage` as const,
  contact: (companyId: number) => `company-${companyId}-contact` as const,
  queue: (companyId: number) => `company-${companyId}-queue` as const,
  /** Spec 3 §7 names it `quickemessage`. */
  quickMessage: (companyId: number) => `company-${companyId}-quickemessage` as const,
  rating: (companyId: number) => `company-${companyId}-rating` as const,
  payment: (companyId: number) => `company-${companyId}-payment` as const,
  /** Spec 3 §7: platform announcements, published on every company's channel. */
  announcement: (companyId: number) => `company-${companyId}-announcement` as const,
  schedule: (companyId: number) => `company-${companyId}-schedule` as const,
  /** Spec 3 §7: tags and lanes. */
  tag: (companyId: number) => `company-${companyId}-tag` as const,
  /** Spec 3 §7: contact lists, and their items (the spec also names a channel per list: the payload carries the list id). */
  contactList: (companyId: number) => `company-${companyId}-ContactList` as const,
  contactListItem: (companyId: number) => `company-${companyId}-ContactListItem` as const,
  /** Spec 3 §7: campaigns (saved, started, their counters, paused, finished, deleted). */
  campaign: (companyId: number) => `company-${companyId}-campaign` as const,
} as const;

/** What arrives on the socket: an event of a channel, the company it belongs to, and the channel's payload. */
export type ServerEvent<E extends RealtimeEvent = RealtimeEvent> = E & {
  id: string; // unique per event, for the client's 5 s duplicate suppression
  companyId: number;
};

/**
 * One socket frame: an event, or several events of one change in one frame (a new message updates
 * the chat and the ticket lists at once: one push per connection instead of two).
 */
export type ServerFrame = ServerEvent | ServerEvent[];

/** The events of a received frame, in their order (what arrives is not trusted: check each event). */
export const frameEvents = (frame: unknown): unknown[] => (Array.isArray(frame) ? frame : [frame]);
