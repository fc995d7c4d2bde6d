/**
 * The WhatsApp Cloud API template picker in a real browser (issue 22: a campaign on that channel
 * picks one of the connection's approved templates, listed from the Graph API, and maps its
 * parameters to variables). A stack of its own, whose Graph client talks to the fake Graph
 * (test/support/fake-graph.ts), which gives the connection's WABA two approved templates and a
 * pending one: the admin sees only the approved ones of that WABA, picks the one with two parameters, maps the first to {nome} and
 * the second to a fixed text, and saves; the campaign stored names that template.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PASSWORD } from '../support/api';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { newCampaignDialog } from '../support/campaign-page';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph';
import { companyOn } from '../support/sandbox';

type Stack = Awaited<ReturnType<(typeof import('../../infra/local/stack'))['startStack']>>;
let graph: FakeGraph;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  graph = await startFakeGraph();
  // This process's handlers (the stack below runs them here) ask the fake Graph.
  process.env.GRAPH_BASE_URL = graph.url;
  const { startStack } = await import('../../infra/local/stack');
  stack = await startStack({ port: 0, seed: true, tickMs: 3_600_000, handleSignals: false });
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  delete process.env.GRAPH_BASE_URL;
  await graph?.stop();
});

describe('a Cloud API campaign', () => {
  it('lists only the approved templates, maps the parameters and saves the campaign with its template', async () => {
    const { admin, email } = await companyOn(stack.url, 'modelo');
    const cloud = await admin.call('POST', '/whatsapp', { body: { name: 'Oficial', channel: 'wppoficial', provider: { phoneNumberId: '21000001', wabaId: '31000001', accessToken: 'EAAG-template-token' } } });
    expect(cloud.status, JSON.stringify(cloud.body)).toBe(201);
    const list = await admin.call('POST', '/contact-lists', { body: { name: 'Clientes VIP' } });
    expect(list.status).toBe(201);
    // This connection's WABA has its own templates: two approved, one pending (never offered).
    graph.setTemplates('31000001', [
      { id: 'vip-1', name: 'vip_boas_vindas', language: 'pt_BR', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'BODY', text: 'Olá {{1}}, seu cupom VIP é {{2}}.' }] },
      { id: 'vip-2', name: 'vip_aviso', language: 'es', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Novidades para você.' }] },
      { id: 'vip-3', name: 'vip_pendente', language: 'pt_BR', status: 'PENDING', category: 'MARKETING', components: [{ type: 'BODY', text: 'Oferta para {{1}}.' }] },
    ]);

    const page = await newPage(browser, 1280, 900);
    await loginAs(page, email, PASSWORD, stack.url);
    await page.waitForURL('**/dashboard');
    await page.evaluate("localStorage.setItem('cshow', '1')");
    const dialog = await newCampaignDialog(page, stack.url, { name: 'Boas-vindas VIP', connection: 'Oficial', list: 'Clientes VIP' });

    // The template fields take the message variants' place; the list comes from the Graph API.
    const picker = dialog.getByTestId('campaign-template');
    await picker.getByText('Modelo do WhatsApp').waitFor();
    expect(await dialog.getByRole('tab', { name: 'Mensagem 1' }).count()).toBe(0);
    const select = picker.getByLabel('Modelo aprovado');
    await page.waitForFunction('document.querySelectorAll(\'[data-testid="campaign-template"] select[name="template"] option\').length > 1');
    expect((await select.locator('option').allTextContents()).map((s) => s.trim())).toEqual(['Escolha um modelo', 'vip_aviso (es)', 'vip_boas_vindas (pt_BR)']);
    await select.selectOption({ label: 'vip_boas_vindas (pt_BR)' });
    await picker.getByText('Olá {{1}}, seu cupom VIP é {{2}}.').waitFor();
    await picker.getByLabel('Parâmetro 1').selectOption({ label: 'Variável {nome}' });
    await picker.getByLabel('Parâmetro 2').selectOption({ label: 'Texto fixo' });
    await picker.getByLabel('Texto do parâmetro 2').fill('VIP10');
    await shot(page, 'campaign-template');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('tr', { hasText: 'Boas-vindas VIP' }).waitFor();

    const saved = ((await admin.call('GET', '/campaigns')).body.records as { name: string; id: number }[]).find((c) => c.name === 'Boas-vindas VIP')!;
    const campaign = (await admin.call('GET', `/campaigns/${saved.id}`)).body;
    expect(campaign).toMatchObject({ whatsappId: cloud.body.id, message1: '', template: { name: 'vip_boas_vindas', language: 'pt_BR', params: [{ variable: 'nome' }, { text: 'VIP10' }] } });
  });
});
