/**
 * A contact list's spreadsheet import (POST /contact-lists/{id}/upload): the contacts import's job,
 * file checks, worker and progress (contacts/import-contacts.ts), with each row made an item of
 * the list instead of a contact. A bad row is reported with its sheet row number and the rest go
 * on; a number already on the list is a duplicate; a row this job made before a redelivery is
 * recognised by the item's `importJobId`/`importRow`. The list's count is announced after each
 * chunk, so both pages move while the file is read; once the file is read, its numbers are
 * checked (in the background, whatsapp-valid.ts).
 */
import { ContactListItemFields } from '@conversa/shared/schemas/contact-lists';
import type { ImportProgress } from '@conversa/shared/schemas/contacts';
import { getList, itemByNumber } from '../../adapters/db/contact-lists';
import { nextIds } from '../../adapters/db/counters';
import { getJob, type ImportJob } from '../../adapters/db/import-jobs';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import type { SheetRow } from '../contacts/sheet';
import { announceList } from './manage-contact-lists';
import { addItem } from './manage-list-items';
import { requestNumberCheck } from './whatsapp-valid';

const view = (j: ImportJob): ImportProgress => ({ jobId: j.jobId, total: j.total, done: j.done, created: j.created, skipped: j.skipped, errors: j.errors, finished: j.finished, ...(j.failure ? { failure: j.failure } : {}) });

/** GET /contact-lists/{id}/upload/{jobId}: a job of this list only. */
export async function listImportProgress(auth: Pick<AuthContext, 'companyId'>, listId: number, jobId: string): Promise<ImportProgress> {
  const job = await getJob(auth.companyId, jobId);
  if (!job || job.contactListId !== listId) throw new AppError('ERR_NO_IMPORT_FOUND');
  return view(job);
}

/**
 * How the worker handles one row of a list's file: undefined when stored, else the reason. The
 * rows still to do get their item ids in one counter write, in file order (the rows of a chunk are
 * written side by side, and the list shows its items by id).
 */
export async function listRowHandler(job: ImportJob, todo: readonly SheetRow[]): Promise<(r: SheetRow) => Promise<string | undefined>> {
  const listId = job.contactListId!;
  const first = todo.length ? await nextIds(job.companyId, 'contactListItem', todo.length) : 0;
  const idOf = new Map(todo.map((r, i) => [r.row, first + i]));
  return async (r) => {
    if (!r.name.trim()) return 'name: Required';
    if (!r.number.replace(/\D/g, '')) return 'number: Required';
    const parsed = ContactListItemFields.safeParse({ name: r.name, number: r.number, email: r.email, empresa: r.empresa ?? '' });
    if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    try {
      await addItem(job.companyId, listId, { ...parsed.data, id: idOf.get(r.row), importJobId: job.jobId, importRow: r.row }, true);
      return undefined;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'ERR_CONTACT_LIST_ITEM_DUPLICATED') {
        const had = await itemByNumber(job.companyId, listId, parsed.data.number);
        if (had?.importJobId === job.jobId && had.importRow === r.row) return undefined;
      }
      return err.code;
    }
  };
}

/** After a chunk: the list's new count, live; after the last one, the check of its numbers (whatsapp-valid.ts). */
export async function afterListChunk(job: ImportJob, last: boolean): Promise<void> {
  const l = await getList(job.companyId, job.contactListId!);
  if (l) await announceList(l, false);
  if (l && last) await requestNumberCheck(job.companyId, l.id);
}
