/**
 * WhatsApp Cloud API templates for campaigns (BEHAVIOUR.md "Campaigns": outside the 24-hour window
 * only an approved template goes out). The connection's WhatsApp Business Account id (`wabaId`)
 * and access token (a secret reference) are on its stored provider; the templates are read from
 * the Graph API each time (no cache: a template Meta rejected since is never offered or accepted).
 *   - listTemplates: GET /campaigns/templates?whatsappId= (the approved ones; other channels: none).
 *   - validateTemplate: a campaign's template on create/update (approved on that connection, with
 *     one parameter per body placeholder).
 *   - templateParams: a recipient's parameter texts (the sender fills them when it stages).
 */
import type { CampaignTemplate, WhatsappTemplateView } from '@conversa/shared/schemas/campaigns';
import { resolveSecretRef } from '../../adapters/channel-secrets';
import { getConnection } from '../../adapters/db/connections';
import { listMessageTemplates, type GraphTemplate } from '../../adapters/graph';
import { AppError } from '../../lib/app-error';
import { log } from '../../lib/log';

/** The body's placeholders, `{{1}}` or `{{name}}`, counted once each. */
export function placeholdersOf(body: string): string[] {
  return [...new Set([...body.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) => m[1]!))];
}

export function templateView(t: GraphTemplate): WhatsappTemplateView {
  const body = t.components?.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '';
  return { name: t.name, language: t.language, status: t.status, category: t.category ?? '', body, paramCount: placeholdersOf(body).length };
}

/** The approved templates of a connection; [] for a channel that has none (not the Cloud API). */
export async function listTemplates(cid: number, whatsappId: number): Promise<WhatsappTemplateView[]> {
  const conn = await getConnection(cid, whatsappId);
  if (!conn) throw new AppError('ERR_NO_WAPP_FOUND');
  if (conn.channel !== 'wppoficial') return [];
  const token = await resolveSecretRef(conn.provider?.accessTokenRef);
  const wabaId = conn.provider?.wabaId;
  if (!wabaId || !token) throw new AppError('ERR_CAMPAIGN_TEMPLATES_UNAVAILABLE', [{ path: 'whatsappId', message: !wabaId ? 'the connection has no WABA id' : 'the connection has no access token' }]);
  let list: GraphTemplate[];
  try {
    list = await listMessageTemplates(wabaId, token);
  } catch (err) {
    log.warn('campaign templates: listing failed', { companyId: cid, whatsappId, err: (err as Error).message });
    throw new AppError('ERR_CAMPAIGN_TEMPLATES_UNAVAILABLE');
  }
  return list
    .filter((t) => t.status === 'APPROVED')
    .map(templateView)
    .sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
}

/**
 * A campaign's template on its connection: ERR_CAMPAIGN_TEMPLATE_UNKNOWN when it is not one of the
 * connection's approved templates (name and language), ERR_CAMPAIGN_TEMPLATE_PARAMS when its
 * parameters are not one per body placeholder, each a variable or a text. Answers the template.
 */
export async function validateTemplate(cid: number, whatsappId: number, template: CampaignTemplate): Promise<WhatsappTemplateView> {
  const found = (await listTemplates(cid, whatsappId)).find((t) => t.name === template.name && t.language === template.language);
  if (!found) throw new AppError('ERR_CAMPAIGN_TEMPLATE_UNKNOWN');
  const params = template.params ?? [];
  const empty = params.findIndex((p) => !p.variable?.trim() && !p.text?.trim());
  if (params.length !== found.paramCount || empty >= 0) {
    const message = empty >= 0 ? `parameter ${empty + 1} has neither a variable nor a text` : `the template takes ${found.paramCount} parameter(s), ${params.length} given`;
    throw new AppError('ERR_CAMPAIGN_TEMPLATE_PARAMS', [{ path: 'template.params', message }]);
  }
  return found;
}

/**
 * A recipient's parameter texts, in order: a parameter naming a variable (`nome`, `numero`,
 * `email` or a custom key, with or without braces) takes its value, else its fixed text.
 */
export function templateParams(template: CampaignTemplate, vars: Readonly<Record<string, string>>): string[] {
  return (template.params ?? []).map((p) => {
    const key = p.variable?.replace(/^\{|\}$/g, '').trim();
    return (key ? vars[key] : undefined) ?? p.text ?? '';
  });
}
