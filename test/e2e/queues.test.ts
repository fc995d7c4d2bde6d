/**
 * /queues in a real browser on the local stack (spec 3 "Queues list", spec 2 "Queue modal", §5):
 * an admin builds a two-level chatbot in the queue modal (queue Vendas: 'Planos' → 'Falar com
 * atendente', an agent hand-over) and a second queue so the menu shows, attaches both to the
 * sandbox connection in the connection modal; a sandbox customer writes, gets the numbered menu,
 * picks 1, then the option, then the sub-option, and is handed to an agent, who sees the pending
 * ticket in queue Vendas. Then service hours (queue modal tab, Settings > Schedules) and a file
 * option. Screenshots: the list, the modal (light, dark, phone width), hours, the agent's row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginAs, shot } from '../support/browser';
import { baseUrl, newCompany, PASSWORD, unique, type Client } from '../support/api';
import { pairSandbox, until } from '../support/sandbox';

type OutboxItem = { body: string; to: string };
const outbox = async (admin: Client, wid: number): Promise<OutboxItem[]> => (await admin.call('GET', `/sandbox/${wid}/outbox`)).body.items;

async function openPage(browser: Browser, width: number, height: number, opts: { dark?: boolean } = {}): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', colorScheme: opts.dark ? 'dark' : 'light' });
  return ctx.newPage();
}

/** What the phone received after `seen` items, once something containing `text` arrived. */
async function nextTo(admin: Client, wid: number, from: string, seen: number, text: string): Promise<string> {
  const items = await until(`'${text}' on the phone`, async () => {
    const box = (await outbox(admin, wid)).filter((i) => i.to === from).slice(seen);
    return box.some((i) => i.body.includes(text)) ? box : undefined;
  }, 30_000).catch(async (err: unknown) => {
    console.error('outbox', JSON.stringify(await outbox(admin, wid)));
    throw err;
  });
  return items.map((i) => i.body).join('\n');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('/queues', () => {
  it('admin builds a two-level chatbot → attaches the queues to the sandbox connection → the customer walks the menu to an agent', async () => {
    const { admin, email } = await newCompany();
    const conn = await admin.call('POST', '/whatsapp', { body: { name: 'Loja Bot', channel: 'sandbox' } });
    expect(conn.status).toBe(201);
    const wid: number = conn.body.id;
    await pairSandbox(admin, wid);

    const page = await openPage(browser, 1280, 860);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/queues`);
    await page.getByText('Nenhuma fila cadastrada').waitFor();

    // Queue Vendas with a two-level tree.
    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const modal = page.getByRole('dialog', { name: 'Adicionar fila' });
    await modal.getByLabel('Nome', { exact: true }).fill('Vendas');
    await modal.getByRole('button', { name: 'Cor #1565C0' }).click();
    expect(await modal.getByLabel('Cor', { exact: true }).inputValue()).toBe('#1565C0');
    await modal.getByLabel('Mensagem de saudação').fill('Bem-vindo ao setor de Vendas!');
    await modal.getByRole('button', { name: 'Adicionar opção' }).click();
    await modal.locator('input[name="option-1-name"]').fill('Pla');
    // No message yet: the option warns that it leads nowhere.
    await modal.getByTestId('option-1-warning').waitFor();
    expect(await modal.getByTestId('option-1-warning').getAttribute('title')).toBe('Sem mensagem, esta opção não leva ao próximo nível.');
    await modal.locator('textarea[name="option-1-message"]').fill('Conheça nossos planos:');
    expect(await modal.getByTestId('option-1-warning').count()).toBe(0);
    await modal.getByRole('button', { name: 'Adicionar sub-opção em 1' }).click();
    await modal.locator('input[name="option-1.1-name"]').fill('Falar com atendente');
    await modal.locator('textarea[name="option-1.1-message"]').fill('Um atendente já vai falar com você.');
    await modal.getByTestId('option-1.1').locator('label', { hasText: 'Atendente' }).click();
    expect(await modal.locator('input[name="option-1.1-isAgent"]').isChecked()).toBe(true);
    // A name under 4 characters stops the save (spec 2 §5).
    await modal.page().getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('muito curto').waitFor();
    await modal.locator('input[name="option-1-name"]').fill('Planos');
    expect(await modal.getByText('muito curto').count()).toBe(0);
    await modal.getByTestId('option-1').scrollIntoViewIfNeeded();
    await shot(page, 'queues-2-modal');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Fila salva com sucesso!').waitFor();
    await modal.waitFor({ state: 'hidden' });

    // A second queue, so the customer gets the queue menu.
    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    await modal.getByLabel('Nome', { exact: true }).fill('Suporte');
    await modal.getByRole('button', { name: 'Cor #C62828' }).click();
    await modal.getByLabel('Mensagem de saudação').fill('Você está no Suporte.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Filas & Chatbot (2)' }).waitFor();
    await shot(page, 'queues-1-list');

    const queues = (await admin.call('GET', '/queue')).body as { id: number; name: string; chatbots: { name: string; isAgent: boolean; options: { name: string; isAgent: boolean }[] }[] }[];
    const vendas = queues.find((q) => q.name === 'Vendas')!;
    expect(vendas.chatbots).toMatchObject([{ name: 'Planos', isAgent: false, options: [{ name: 'Falar com atendente', isAgent: true }] }]);

    // The saved tree reopens in the modal.
    await page.getByRole('button', { name: 'Editar Vendas' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar fila' });
    await edit.getByTestId('option-1').getByText('Planos').first().waitFor();
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    // The connection modal offers both queues; with two, the greeting is required.
    await page.goto(`${baseUrl()}/connections`);
    await page.getByRole('button', { name: 'Editar Loja Bot' }).click();
    const cm = page.getByRole('dialog', { name: 'Editar conexão' });
    await cm.getByRole('checkbox', { name: 'Vendas' }).check();
    await cm.getByRole('checkbox', { name: 'Suporte' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await cm.getByText('A mensagem de saudação é obrigatória quando há mais de uma fila.').waitFor();
    await cm.getByLabel('Mensagem de saudação').fill('Olá! Escolha o setor:');
    await cm.getByRole('checkbox', { name: 'Suporte' }).scrollIntoViewIfNeeded();
    await shot(page, 'queues-5-connection-queues');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Conexão salva com sucesso!').waitFor();
    expect((await admin.call('GET', `/whatsapp/${wid}`)).body.queueIds.sort()).toEqual(queues.map((q) => q.id).sort());

    // An agent of queue Vendas.
    const agentEmail = `${unique('agente')}@example.test`;
    const agent = await admin.call('POST', '/users', { body: { name: 'Agente Vendas', email: agentEmail, password: PASSWORD, queueIds: [vendas.id] } });
    expect(agent.status).toBe(201);

    // The customer walks the menu: queue 1 (Vendas), option 1 (Planos), sub-option 1 (hand-over).
    const from = `55119${String(Date.now()).slice(-8)}`;
    const say = async (body: string) => expect((await admin.call('POST', `/sandbox/${wid}/inbound`, { body: { from, name: 'Cliente Bot', body } })).status).toBe(202);
    let seen = 0;
    const count = async () => (await outbox(admin, wid)).filter((i) => i.to === from).length;
    await say('Oi, boa tarde');
    const menu = await nextTo(admin, wid, from, seen, 'Suporte');
    expect(menu).toContain('Olá! Escolha o setor:');
    expect(menu).toMatch(/\*1\*\s*-\s*Vendas/);
    expect(menu).toMatch(/\*2\*\s*-\s*Suporte/);
    seen = await count();
    await say('1');
    const queueMenu = await nextTo(admin, wid, from, seen, 'Planos');
    expect(queueMenu).toContain('Bem-vindo ao setor de Vendas!');
    expect(queueMenu).toMatch(/\*1\*\s*-\s*Planos/);
    seen = await count();
    await say('1');
    const optionMenu = await nextTo(admin, wid, from, seen, 'Falar com atendente');
    expect(optionMenu).toContain('Conheça nossos planos:');
    expect(optionMenu).toMatch(/\*1\*\s*-\s*Falar com atendente/);
    seen = await count();
    await say('1');
    expect(await nextTo(admin, wid, from, seen, 'Um atendente já vai falar com você.')).toContain('Um atendente já vai falar com você.');

    // Handed over: pending in Vendas, the bot off; the agent sees it in 'Aguardando'.
    const ticket = await until('the ticket handed over', async () => {
      const list = await admin.call('GET', '/tickets?status=pending&showAll=true');
      const tk = (list.body.tickets as { contact?: { name: string }; queueId: number | null; isBot: boolean; status: string; id: number }[]).find((x) => x.contact?.name === 'Cliente Bot');
      return tk && tk.queueId === vendas.id && tk.isBot === false ? tk : undefined;
    });
    expect(ticket.status).toBe('pending');
    const agentPage = await openPage(browser, 1280, 800);
    await loginAs(agentPage, agentEmail);
    await agentPage.waitForURL('**/tickets'); // an agent lands on the inbox
    await agentPage.getByTestId('subtab-open-pending').click();
    const row = agentPage.getByTestId(`ticket-${ticket.id}`);
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.textContent()).toContain('Vendas');
    await shot(agentPage, 'queues-6-agent-pending');
    await agentPage.context().close();

    // Delete asks first, then the list shrinks.
    await page.goto(`${baseUrl()}/queues`);
    await page.getByRole('button', { name: 'Excluir Suporte' }).click();
    await page.getByRole('dialog', { name: 'Excluir Suporte?' }).getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Fila excluída com sucesso!').waitFor();
    await page.getByRole('heading', { name: 'Filas & Chatbot (1)' }).waitFor();
    await page.context().close();

    // The editor in dark mode and at phone width (a new sign-in replaces the session above).
    for (const [name, width, height, dark] of [['queues-3-modal-dark', 1280, 860, true], ['queues-4-modal-phone', 390, 844, false]] as const) {
      const p = await openPage(browser, width, height, { dark });
      await loginAs(p, email);
      await p.waitForURL('**/dashboard');
      await p.goto(`${baseUrl()}/queues`);
      await p.getByRole('heading', { name: 'Filas & Chatbot (1)' }).waitFor();
      await shot(p, name.replace('modal', 'list'));
      await p.getByRole('button', { name: 'Editar Vendas' }).click();
      const d = p.getByRole('dialog', { name: 'Editar fila' });
      await d.getByRole('button', { name: 'Expandir a opção 1', exact: true }).click();
      await d.locator('input[name="option-1-name"]').waitFor();
      await d.getByTestId('option-1').scrollIntoViewIfNeeded();
      await shot(p, name);
      await p.context().close();
    }
  }, 240_000);

  it('service hours in the queue modal (scheduleType queue) and in Settings > Schedules (company); a file option attached once saved', async () => {
    const { admin, email, companyId } = await newCompany();
    expect((await admin.call('PUT', '/settings/scheduleType', { body: { value: 'queue' } })).status).toBe(200);
    const page = await openPage(browser, 1280, 860);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/queues`);
    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const modal = page.getByRole('dialog', { name: 'Adicionar fila' });
    await modal.getByLabel('Nome', { exact: true }).fill('Plantão');
    await modal.getByRole('tab', { name: 'Horários de atendimento' }).click();
    const monday = modal.getByTestId('schedule-monday');
    await monday.getByLabel('Início — Segunda-feira').fill('08:00');
    await monday.getByLabel('Fim — Segunda-feira').fill('18:00');
    const friday = modal.getByTestId('schedule-friday');
    await friday.getByLabel('Início — Sexta-feira').fill('22:00');
    await friday.getByLabel('Fim — Sexta-feira').fill('02:00');
    await friday.getByText('Passa da meia-noite.').waitFor();
    await modal.getByTestId('schedule-sunday').locator('label', { hasText: 'Aberto' }).click();
    await modal.getByTestId('schedule-sunday').getByText('Fechado').waitFor();
    expect(await modal.locator('input[name="open-sunday"]').isChecked()).toBe(false);
    await shot(page, 'queues-7-modal-hours');
    // A file option needs the option saved first (spec 2 §5).
    await modal.getByRole('tab', { name: 'Dados da fila' }).click();
    await modal.getByRole('button', { name: 'Adicionar opção' }).click();
    await modal.locator('input[name="option-1-name"]').fill('Catálogo');
    await modal.locator('select[name="option-1-type"]').selectOption('file');
    await modal.getByText('Salve a fila antes de anexar o arquivo desta opção.').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Fila salva com sucesso!').waitFor();
    const [saved] = (await admin.call('GET', '/queue')).body as { schedules: { weekdayEn: string; startTime: string; endTime: string }[] }[];
    expect(saved!.schedules).toHaveLength(7);
    expect(saved!.schedules).toEqual(
      expect.arrayContaining([
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
        { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '22:00', endTime: '02:00' },
        { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
      ]),
    );
    await page.getByRole('button', { name: 'Editar Plantão' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar fila' });
    await edit.getByRole('button', { name: 'Expandir a opção 1', exact: true }).click();
    await edit.getByTestId('option-1-file').setInputFiles({ name: 'catalogo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%catálogo\n') });
    await page.getByText('Arquivo anexado').waitFor();
    await edit.getByText('catalogo.pdf').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Fila salva com sucesso!').waitFor();
    const [withFile] = (await admin.call('GET', '/queue')).body as { chatbots: { optionType: string; mediaName: string | null; mediaKey: string | null; greetingMessage: string }[] }[];
    expect(withFile!.chatbots[0]).toMatchObject({ optionType: 'file', mediaName: 'catalogo.pdf', greetingMessage: 'catalogo.pdf' });
    expect(withFile!.chatbots[0]!.mediaKey).toBeTruthy();

    // scheduleType company: the hours tab leaves the queue modal; Settings shows 'Horários'.
    expect((await admin.call('PUT', '/settings/scheduleType', { body: { value: 'company' } })).status).toBe(200);
    await page.goto(`${baseUrl()}/settings`);
    await page.getByRole('tab', { name: 'Horários' }).click();
    const saturday = page.getByTestId('schedule-saturday');
    await saturday.getByLabel('Início — Sábado').fill('09:00');
    await saturday.getByLabel('Fim — Sábado').fill('13:00');
    await page.getByTestId('schedule-tuesday').getByLabel('Fim — Terça-feira').fill('');
    await page.getByRole('button', { name: 'Salvar horários' }).click();
    await page.getByTestId('schedule-tuesday').getByText('Informe o início e o fim').waitFor();
    await page.getByTestId('schedule-tuesday').getByLabel('Fim — Terça-feira').fill('17:30');
    await page.getByRole('button', { name: 'Salvar horários' }).click();
    await page.getByText('Horários atualizados com sucesso.').waitFor();
    await shot(page, 'queues-8-settings-schedules');
    const company = (await admin.call('GET', `/companies/${companyId}/schedules`)).body as { schedules: { weekdayEn: string; startTime: string; endTime: string }[] };
    expect(company.schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ weekdayEn: 'saturday', startTime: '09:00', endTime: '13:00' }),
        expect.objectContaining({ weekdayEn: 'tuesday', startTime: '00:00', endTime: '17:30' }),
      ]),
    );
    await page.goto(`${baseUrl()}/queues`);
    await page.getByRole('button', { name: 'Editar Plantão' }).click();
    await page.getByRole('dialog', { name: 'Editar fila' }).getByLabel('Nome', { exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Horários de atendimento' }).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
