/**
 * Help entries (spec 2 Settings > Help, §7 Helps; spec 3 "Help page"): platform-wide (`P#HELPS`),
 * written by the super admin, read by every signed-in user. Each write is audited in the super
 * admin's company.
 */
import type { HelpView } from '@conversa/shared/schemas/helps';
import { nextPlatformId } from '../../adapters/db/counters';
import { allHelps, deleteHelp, getHelp, putHelp } from '../../adapters/db/helps';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../auth/authenticate';
import { recordAudit } from '../audit/record-audit';

/** GET /helps and /helps/list: every entry, in the order they were made. */
export const listHelps = (): Promise<HelpView[]> => allHelps();

export async function createHelp(auth: AuthContext, input: { title: string; description: string; video: string }): Promise<HelpView> {
  const now = new Date().toISOString();
  const help: HelpView = { id: await nextPlatformId('help'), title: input.title, description: input.description, video: input.video, createdAt: now, updatedAt: now };
  if (!(await putHelp(help, { isNew: true }))) throw new AppError('ERR_CONFLICT');
  await recordAudit(auth, { action: 'help.create', target: { id: help.id, name: help.title }, after: help });
  return help;
}

export async function updateHelp(auth: AuthContext, id: number, input: Partial<Pick<HelpView, 'title' | 'description' | 'video'>>): Promise<HelpView> {
  const was = await getHelp(id);
  if (!was) throw new AppError('ERR_NO_HELP_FOUND');
  const help: HelpView = { ...was, ...input, updatedAt: new Date().toISOString() };
  if (!(await putHelp(help, { updatedAt: was.updatedAt }))) throw new AppError('ERR_CONFLICT');
  await recordAudit(auth, { action: 'help.update', target: { id, name: help.title }, before: was, after: help });
  return help;
}

export async function removeHelp(auth: AuthContext, id: number): Promise<void> {
  const was = await deleteHelp(id);
  if (!was) throw new AppError('ERR_NO_HELP_FOUND');
  await recordAudit(auth, { action: 'help.delete', target: { id, name: was.title }, before: was });
}
