/** The time left in the 24-hour reply window (@conversa/shared/reply-window), '5h 03min' / '42min'. */
export function formatLeft(ms: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.ceil(ms / 60_000));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
