/** Message acks as spec 1 §2 draws them: 0 clock, 1 single tick, 2 double tick, 3 or 4 coloured double tick (read). */
export type AckIcon = 'pending' | 'sent' | 'delivered' | 'read';

export function ackIcon(ack: number): AckIcon {
  if (ack >= 3) return 'read';
  if (ack === 2) return 'delivered';
  if (ack === 1) return 'sent';
  return 'pending';
}
