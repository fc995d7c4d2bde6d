/**
 * Tags and lanes for the system tests and the benches, written straight into their partition
 * (the tags screens are another branch's): a plain tag or a lane with its campaign fields.
 */
import { fold } from '../../functions/src/adapters/db/contacts';
import { insertTag, type Tag } from '../../functions/src/adapters/db/tags';

type TagFields = Partial<Pick<Tag, 'color' | 'kanban' | 'actCamp' | 'msgR' | 'rptDays' | 'mediaKey' | 'mediaName' | 'mimetype' | 'userId'>>;

export async function putTag(companyId: number, id: number, name: string, f: TagFields = {}): Promise<Tag> {
  const now = new Date().toISOString();
  const t: Tag = {
    id, companyId, name, color: f.color ?? '#5b8def', kanban: f.kanban ?? 0, userId: f.userId ?? null, ticketsCount: 0,
    actCamp: f.actCamp ?? 0, msgR: f.msgR ?? '', rptDays: f.rptDays ?? 0, mediaKey: f.mediaKey ?? null, mediaName: f.mediaName ?? null, mimetype: f.mimetype ?? null,
    searchText: fold(name), createdAt: now, updatedAt: now, rev: 1,
  };
  await insertTag(t);
  return t;
}

/** A lane (kanban 1); with `msgR` its campaign is on unless `actCamp` says otherwise. */
export const putLane = (companyId: number, id: number, name: string, f: TagFields = {}): Promise<Tag> =>
  putTag(companyId, id, name, { kanban: 1, actCamp: f.msgR ? 1 : 0, ...f });
