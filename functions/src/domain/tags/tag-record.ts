/** A tag as the screens and events carry it (spec 3 §3 Tag). Apart from manage-tags.ts so the inbox's bundles do not load the tag editor. */
import type { TagRecord } from '@conversa/shared/schemas/tags';
import type { Tag } from '../../adapters/db/tags';

export function toTagRecord(t: Tag): TagRecord {
  return {
    id: t.id, name: t.name, color: t.color, kanban: t.kanban, userId: t.userId, ticketsCount: t.ticketsCount,
    actCamp: t.actCamp, msgR: t.msgR, rptDays: t.rptDays, mediaName: t.mediaName, mimetype: t.mimetype, createdAt: t.createdAt, updatedAt: t.updatedAt,
  };
}
