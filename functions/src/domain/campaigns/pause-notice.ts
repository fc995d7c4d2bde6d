/**
 * The company's admins learn that a channel's signal paused their campaigns: live (the campaign's
 * `update` on the `campaign` channel, with `pausedReason`, reaches the admins' screens) and by
 * e-mail (this module, through the mail queue). A mail that cannot be queued is logged: the pause stands either way.
 */
import type { CampaignView } from '@conversa/shared/schemas/campaigns';
import { allUsers } from '../../adapters/db/users';
import { log } from '../../lib/log';
import { queueMail } from '../mail/queue-mail';

const REASONS: Record<string, string> = {
  rate_limit: 'o WhatsApp limitou o envio desta conexão (limite de taxa)',
  banned: 'o WhatsApp sinalizou bloqueio ou banimento desta conexão',
};

/** The text of the pause's e-mail (Portuguese, like the product's other e-mails). */
export function pauseMail(views: readonly CampaignView[], reason: string): { subject: string; text: string } {
  const names = views.map((v) => `- ${v.name} (${v.counts.sent + v.counts.delivered + v.counts.read} enviadas, ${v.counts.pending} pendentes)`).join('\n');
  const connection = views[0]?.whatsapp?.name ?? '';
  return {
    subject: `Campanha pausada: ${views.map((v) => v.name).join(', ')}`.slice(0, 200),
    text:
      `As campanhas abaixo foram pausadas porque ${REASONS[reason] ?? reason}${connection ? ` (conexão ${connection})` : ''}.\n\n${names}\n\n` +
      'O que falta enviar continua pendente. Reinicie a campanha quando a conexão estiver normalizada.',
  };
}

export async function tellAdminsOfPause(cid: number, views: readonly CampaignView[], reason: string): Promise<void> {
  const mail = pauseMail(views, reason);
  const admins = (await allUsers(cid)).filter((u) => u.profile === 'admin' && u.email);
  for (const a of admins) {
    await queueMail(a.email, mail.subject, mail.text).catch((err: unknown) => log.warn('campaign: pause e-mail not sent', { companyId: cid, userId: a.id, err: String(err) }));
  }
}
