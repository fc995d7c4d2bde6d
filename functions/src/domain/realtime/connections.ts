import type { ClientFrame } from '@conversa/shared/schemas/realtime';
import { REFRESH_TOKEN_TTL_S } from '@conversa/shared/constants';
import { companyConnections, deleteConnection, findConnection, putConnection, setRooms } from '../../adapters/db/ws-connections';
import { AppError } from '../../lib/app-error';
import { authenticate } from '../auth/authenticate';
import { markOnline } from '../users/online';

/** API Gateway ends every connection after 2 hours; the item outlives it a little, then expires. */
const CONNECTION_TTL_S = 3 * 3600;

export async function connect(connectionId: string, token: string | undefined): Promise<void> {
  if (!token) throw new AppError('ERR_UNAUTHENTICATED');
  const auth = await authenticate(`Bearer ${token}`);
  // Announce first: during $connect the new socket cannot receive yet (PostToConnection answers Gone).
  await markOnline(auth.companyId, auth.userId, true);
  await putConnection({
    connectionId,
    companyId: auth.companyId,
    userId: auth.userId,
    family: auth.family,
    profile: auth.user.profile,
    super: auth.user.super,
    queueIds: auth.user.queueIds,
    rooms: [],
    connectedAt: new Date().toISOString(),
    expiresAt: Math.floor(Date.now() / 1000) + Math.min(CONNECTION_TTL_S, REFRESH_TOKEN_TTL_S),
  });
}

export async function disconnect(connectionId: string): Promise<void> {
  const conn = await findConnection(connectionId);
  if (!conn) return;
  await deleteConnection(conn.companyId, connectionId);
  const others = (await companyConnections(conn.companyId)).some((c) => c.userId === conn.userId);
  if (!others) await markOnline(conn.companyId, conn.userId, false);
}

/** Rooms a connection may join are named by what they carry; visibility is checked when events are published. */
function roomOf(frame: ClientFrame): string | undefined {
  switch (frame.action) {
    case 'joinChatBox':
    case 'leaveChatBox':
      return `ticket:${frame.ticketId}`;
    case 'joinNotification':
    case 'leaveNotification':
      return 'notification';
    case 'joinTickets':
    case 'leaveTickets':
      return `status:${frame.status}`;
    default:
      return undefined;
  }
}

export async function handleFrame(connectionId: string, frame: ClientFrame): Promise<unknown> {
  const conn = await findConnection(connectionId);
  if (!conn) throw new AppError('ERR_UNAUTHENTICATED');
  if (frame.action === 'ping') return { action: 'pong' };
  if (frame.action === 'userStatus') {
    await markOnline(conn.companyId, conn.userId, true);
    return { action: 'userStatus', online: true };
  }
  const room = roomOf(frame)!;
  const joining = frame.action.startsWith('join');
  const rooms = joining ? [...new Set([...conn.rooms, room])] : conn.rooms.filter((r) => r !== room);
  await setRooms(conn.companyId, connectionId, rooms.slice(-50));
  return { action: frame.action, room };
}
