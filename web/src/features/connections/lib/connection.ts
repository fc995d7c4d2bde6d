/** A connection as GET /whatsapp answers it: the contract lives in shared. */
export type { ConnectionView as Connection } from '@conversa/shared/channels';
