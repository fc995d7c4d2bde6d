/** Realtime channel names (spec 1 §7) and the event envelope every server push carries. */
export const channel = {
  user: (companyId: number) => `company-${companyId}-user`,
  auth: (companyId: number) => `company-${companyId}-auth`,
  settings: (companyId: number) => `company-${companyId}-settings`,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  queue: (companyId: number) => `company-${companyId}-queue`,
  /** Spec 3 §7 names it `quickemessage`. */
  quickMessage: (companyId: number) => `company-${companyId}-quickemessage`,
  rating: (companyId: number) => `company-${companyId}-rating`,
  chat: (companyId: number) => `company-${companyId}-chat`,
  payment: (companyId: number) => `company-${companyId}-payment`,
  announcement: () => 'company-announcement',
} as const;

/** What arrives on the socket: the channel, the company it belongs to, and the payload. */
export type ServerEvent<P = Record<string, unknown>> = {
  id: string; // unique per event, for the client's 5 s duplicate suppression
  channel: string;
  companyId: number;
  data: { action: string } & P;
};

/**
 * One socket frame: an event, or several events of one change in one frame (a new message updates
 * the chat and the ticket lists at once: one push per connection instead of two).
 */
export type ServerFrame = ServerEvent | ServerEvent[];

/** The events of a received frame, in their order (what arrives is not trusted: check each event). */
export const frameEvents = (frame: unknown): unknown[] => (Array.isArray(frame) ? frame : [frame]);
