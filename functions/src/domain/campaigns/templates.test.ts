import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../adapters/db/connections';
import { useFakeGraph } from '../../../../test/support/fake-graph';
import { sendCloud } from '../../adapters/graph';
import { graphSendOf } from '../channels/graph-send';

const conns = new Map<number, Partial<Connection>>([
  [1, { id: 1, companyId: 5, channel: 'wppoficial', provider: { phoneNumberId: 'PN1', wabaId: 'WABA1', accessTokenRef: 'plain:tok' } }],
  [2, { id: 2, companyId: 5, channel: 'wppoficial', provider: { phoneNumberId: 'PN2', accessTokenRef: 'plain:tok' } }],
  [3, { id: 3, companyId: 5, channel: 'whatsapp' }],
]);
vi.mock('../../adapters/db/connections', () => ({ getConnection: async (cid: number, id: number) => (cid === 5 ? conns.get(id) : undefined) }));
const { listTemplates, templateParams, validateTemplate } = await import('./templates');

const fake = useFakeGraph({ beforeAll, afterAll, beforeEach });

const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: { code?: string }) => e.code);

describe('campaign templates', () => {
  it("lists the WABA's approved templates with their body and parameter count", async () => {
    const list = await listTemplates(5, 1);
    expect(list).toEqual([
      { name: 'aviso_simples', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', body: 'Temos novidades para você.', paramCount: 0 },
      { name: 'promo_boas_vindas', language: 'pt_BR', status: 'APPROVED', category: 'MARKETING', body: 'Olá {{1}}, seu cupom é {{2}}.', paramCount: 2 },
    ]);
    const [req] = fake().requests;
    expect(req!.path).toBe('/v21.0/WABA1/message_templates');
    expect(req!.headers.authorization).toBe('Bearer tok');
  });

  it('reads every page', async () => {
    fake().setTemplates('WABA1', Array.from({ length: 130 }, (_, i) => ({ id: `t${i}`, name: `t_${String(i).padStart(3, '0')}`, language: 'pt_BR', status: 'APPROVED' as const, category: 'MARKETING', components: [{ type: 'BODY', text: '{{1}}' }] })));
    expect(await listTemplates(5, 1)).toHaveLength(130);
    expect(fake().requests).toHaveLength(2);
  });

  it('answers none for a channel without templates, and a clear error without a WABA id, or when Graph fails', async () => {
    expect(await listTemplates(5, 3)).toEqual([]);
    expect(await code(listTemplates(5, 2))).toBe('ERR_CAMPAIGN_TEMPLATES_UNAVAILABLE');
    expect(await code(listTemplates(5, 9))).toBe('ERR_NO_WAPP_FOUND');
    expect(await code(listTemplates(6, 1))).toBe('ERR_NO_WAPP_FOUND');
    fake().failNext({ status: 400, error: { message: 'Invalid OAuth access token', code: 190 } });
    expect(await code(listTemplates(5, 1))).toBe('ERR_CAMPAIGN_TEMPLATES_UNAVAILABLE');
  });

  it('accepts only an approved template of the connection, with one parameter per placeholder', async () => {
    const ok = { name: 'promo_boas_vindas', language: 'pt_BR', params: [{ variable: 'nome' }, { text: 'BEMVINDO10' }] };
    expect((await validateTemplate(5, 1, ok)).paramCount).toBe(2);
    expect(await code(validateTemplate(5, 1, { ...ok, language: 'en_US' }))).toBe('ERR_CAMPAIGN_TEMPLATE_UNKNOWN');
    expect(await code(validateTemplate(5, 1, { name: 'promo_pendente', language: 'pt_BR', params: [{ text: 'x' }] }))).toBe('ERR_CAMPAIGN_TEMPLATE_UNKNOWN');
    expect(await code(validateTemplate(5, 1, { name: 'promo_rejeitada', language: 'en_US', params: [{ text: 'x' }] }))).toBe('ERR_CAMPAIGN_TEMPLATE_UNKNOWN');
    expect(await code(validateTemplate(5, 3, ok))).toBe('ERR_CAMPAIGN_TEMPLATE_UNKNOWN');
    expect(await code(validateTemplate(5, 1, { ...ok, params: [{ variable: 'nome' }] }))).toBe('ERR_CAMPAIGN_TEMPLATE_PARAMS');
    expect(await code(validateTemplate(5, 1, { ...ok, params: [{ variable: 'nome' }, { text: '  ' }] }))).toBe('ERR_CAMPAIGN_TEMPLATE_PARAMS');
    expect(await code(validateTemplate(5, 1, { name: 'aviso_simples', language: 'pt_BR', params: [] }))).toBe('ok');
  });

  it("fills a recipient's parameters from variables or fixed texts", () => {
    const t = { name: 'x', language: 'pt_BR', params: [{ variable: 'nome' }, { variable: '{cupom}' }, { text: 'fixo' }, { variable: 'faltando', text: 'padrão' }] };
    expect(templateParams(t, { nome: 'Maria', cupom: 'C10' })).toEqual(['Maria', 'C10', 'fixo', 'padrão']);
  });

  it('sends a job with a template as a Cloud API template message; the fake refuses a wrong one', async () => {
    const job = { companyId: 5, whatsappId: 1, ticketId: 1, messageId: 'm', chatId: '5511911112222', isGroup: false, action: 'send' as const, body: '', isForwarded: false, template: { name: 'promo_boas_vindas', language: 'pt_BR', params: ['Maria\nSilva', ''] } };
    const out = await sendCloud('PN1', 'tok', job.chatId, graphSendOf(job));
    expect(out.externalId).toMatch(/^wamid\.fake/);
    expect(fake().templateSends()[0]!.body).toMatchObject({
      messaging_product: 'whatsapp', to: '5511911112222', type: 'template',
      template: { name: 'promo_boas_vindas', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria Silva' }, { type: 'text', text: '-' }] }] },
    });
    await sendCloud('PN1', 'tok', job.chatId, graphSendOf({ ...job, template: { name: 'aviso_simples', language: 'pt_BR', params: [] } }));
    expect(fake().templateSends()[1]!.body.template).toEqual({ name: 'aviso_simples', language: { code: 'pt_BR' } });
    // A campaign's own id rides along as the callback data Meta hands back in the statuses.
    await sendCloud('PN1', 'tok', job.chatId, graphSendOf(job), { callbackData: '3EB0ABC' });
    expect(fake().templateSends()[2]!.body).toMatchObject({ biz_opaque_callback_data: '3EB0ABC' });
    const refused = await sendCloud('PN1', 'tok', job.chatId, graphSendOf({ ...job, template: { name: 'promo_boas_vindas', language: 'pt_BR', params: ['Maria'] } })).catch((e: { code?: number; retryable?: boolean }) => e);
    expect(refused).toMatchObject({ code: 132000, retryable: false });
  });
});
