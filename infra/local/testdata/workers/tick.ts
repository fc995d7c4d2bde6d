/** Records each scheduled event; `slowMs` on the recorder makes runs long (to test no overlap). */
import { recorder } from '../recorder';

let running = 0;
export const handler = async (event: unknown) => {
  const rec = recorder('tick') as { events: unknown[]; slowMs?: number; overlaps?: number; fail?: boolean };
  running += 1;
  if (running > 1) rec.overlaps = (rec.overlaps ?? 0) + 1;
  try {
    rec.events.push(event);
    if (rec.slowMs) await new Promise((r) => setTimeout(r, rec.slowMs));
    if (rec.fail) throw new Error('tick failed on purpose');
  } finally {
    running -= 1;
  }
};
