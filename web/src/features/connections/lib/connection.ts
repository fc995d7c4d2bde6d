import type { Channel, ConnectionStatus, SessionDesired } from '@conversa/shared/channels';

/** A connection as GET /whatsapp answers it (`token` only for admins; never on socket events). */
export type Connection = {
  id: number;
  companyId: number;
  name: string;
  channel: Channel;
  status: ConnectionStatus;
  /** The QR text while the status is 'qrcode'. */
  qrcode: string;
  number: string;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  token?: string;
  queueIds: number[];
  reopenWindowMinutes: number;
  allowGroups: boolean;
  desired: SessionDesired;
  desiredAt: string;
  reason?: string;
  createdAt: string;
  updatedAt: string;
};
