/** The session column of spec 2 §4: which buttons a connection shows for its status. */
import { isSessionChannel, type Channel, type ConnectionStatus } from '@conversa/shared/channels';

export type SessionButton = 'qrcode' | 'tryAgain' | 'newQr' | 'disconnect' | 'connecting';

export function sessionButtons(status: ConnectionStatus, channel: Channel): SessionButton[] {
  // Cloud API, Facebook and Instagram have no session to drive: webhooks, nothing to scan.
  if (!isSessionChannel(channel)) return [];
  switch (status) {
    case 'qrcode':
      return ['qrcode'];
    case 'DISCONNECTED':
      return ['tryAgain', 'newQr'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
  }
}
