/** The inbound worker's part of a session command: its result applied to what asked for it. */
import type { CommandResult } from '@conversa/shared/channels';
import { chatsListed } from '../contacts/import-chats';
import { numbersChecked } from '../contact-lists/whatsapp-valid';
import { finishGroup } from '../tickets/presence-and-group';

export async function applyCommandResult(r: CommandResult): Promise<void> {
  if (r.command === 'createGroup') return finishGroup(r);
  if (r.command === 'checkNumbers') return numbersChecked(r);
  return chatsListed(r);
}
