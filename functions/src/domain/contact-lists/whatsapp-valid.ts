/**
 * The 'WhatsApp-valid' answer of a list item's number (issue 22). For now from the company's
 * connections, once per write or import: with a sandbox connection, the sandbox's own rule
 * (sandboxHasAccount in shared); otherwise unknown (null). Asking a WhatsApp session whether a
 * number has an account (in batches, paced) and the Cloud API's unknown come with campaigns.
 * The answer never blocks a write.
 */
import { sandboxHasAccount } from '@conversa/shared/schemas/contact-lists';
import { listConnections } from '../../adapters/db/connections';

export async function whatsappValidity(cid: number): Promise<(digits: string) => boolean | null> {
  const conns = await listConnections(cid);
  if (conns.some((c) => c.channel === 'sandbox')) return sandboxHasAccount;
  return () => null;
}
