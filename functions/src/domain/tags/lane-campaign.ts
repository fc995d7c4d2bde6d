/**
 * A lane's campaign (spec 3 §4 "Kanban move between lanes", §8's toasts; BEHAVIOUR.md "Lanes,
 * schedules and open-by-phone"), applied by the server when a ticket changes lane, never by the
 * browser:
 * - into a lane with `actCamp` 1: one schedule for the contact with the lane's message and media at
 *   18:01–18:30 in the company's time zone (tomorrow from 18:00), `daysR = rptDays`; the contact's
 *   pending schedules of other lanes go ('Campanha nº {old} excluída'); one of the same lane
 *   already pending is kept (already in progress);
 * - into 'Em aberto': the contact's pending lane schedules go ('Campanhas zeradas');
 * - into a lane without a campaign: nothing here (a pending run of the lane left is not sent: the
 *   sender checks the ticket is still in its lane, send-schedules.ts).
 */
import { laneCampaignSendAt } from '@conversa/shared/lane-campaign';
import type { LaneCampaignOutcome } from '@conversa/shared/schemas/tags';
import { OPEN_LANE } from '@conversa/shared/schemas/tags';
import { schedulePage, type Schedule } from '../../adapters/db/schedules';
import type { Tag } from '../../adapters/db/tags';
import type { Ticket } from '../../adapters/db/tickets';
import { createSchedule, deleteSchedulesOf } from '../schedules/manage-schedules';

/** The contact's pending schedules planned by a lane. */
async function pendingLaneSchedules(cid: number, contactId: number): Promise<Schedule[]> {
  const found: Schedule[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await schedulePage(cid, { contactId, after, limit: 100 });
    found.push(...page.items.filter((s) => s.status === 'PENDENTE' && s.campId !== null));
    after = page.last;
  } while (after);
  return found;
}

/** `sameLane`: the card was dropped into the lane it is in (only a pending run is told; none starts). */
export type LaneChange = { ticket: Ticket; contactName: string; toLane: number; lane?: Tag; userId: number | null; now: Date; random?: () => number; sameLane?: boolean };

export async function applyLaneCampaign(c: LaneChange): Promise<LaneCampaignOutcome> {
  const cid = c.ticket.companyId;
  const contactId = c.ticket.contactId;
  if (c.toLane === OPEN_LANE) {
    const removed = await deleteSchedulesOf(cid, contactId, (s) => s.campId !== null);
    return { kind: 'cleared', removed };
  }
  const lane = c.lane;
  if (!lane || lane.actCamp !== 1) return { kind: 'none' };
  const pending = await pendingLaneSchedules(cid, contactId);
  if (pending.some((s) => s.campId === lane.id)) return { kind: 'kept', campaign: lane.id, contactName: c.contactName };
  if (c.sameLane) return { kind: 'none' };
  const others = [...new Set(pending.map((s) => s.campId!))];
  if (others.length) await deleteSchedulesOf(cid, contactId, (s) => s.campId !== null && s.campId !== lane.id);
  const sendAt = laneCampaignSendAt(c.now, c.random);
  const media = lane.mediaKey && lane.mediaName && lane.mimetype ? { mediaKey: lane.mediaKey, mediaName: lane.mediaName, mimetype: lane.mimetype } : undefined;
  const s = await createSchedule(cid, {
    // A lane without a message sends its media alone; one without either sends its name.
    body: lane.msgR.trim() || (media ? '' : lane.name),
    sendAt: sendAt.toISOString(),
    contactId,
    userId: c.userId,
    whatsappId: c.ticket.whatsappId,
    daysR: lane.rptDays,
    campId: lane.id,
    media,
  });
  return { kind: 'started', campaign: lane.id, contactName: c.contactName, scheduleId: s.id, sendAt: s.sendAt, replaced: others };
}
