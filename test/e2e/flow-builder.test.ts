/**
 * The flow builder in a real browser on the local stack (issue 23 "Browser"; spec 3 "Flow manager
 * list", "Flow editor", §4, §5): an admin adds a flow, draws welcome → menu → question → http
 * request → condition → queue, saves, exports, re-imports the file (the same graph comes back),
 * attaches it to a sandbox connection as its welcome flow, and a sandbox customer walks it to an
 * agent; the agent sees the ticket inside the flow on the way. Screenshots in light, dark and
 * phone width.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, loginAs, newPage, shot } from '../support/browser';
import { baseUrl, newCompany } from '../support/api';
import { Customer, makeQueue } from '../support/bot-chat';
import { pairSandbox, until } from '../support/sandbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The canvas node of a type (its wrapper, which carries the node id). */
const node = (page: Page, type: string, nth = 0): Locator => page.locator('.react-flow__node', { has: page.getByTestId(`node-${type}`) }).nth(nth);

/** Draws a connection from a node's output (by handle id, or its one output) to another node's input. */
async function connect(page: Page, from: Locator, to: Locator, handle?: string): Promise<void> {
  const source = handle ? from.locator(`.react-flow__handle.source[data-handleid="${handle}"]`) : from.locator('.react-flow__handle.source').first();
  const target = to.locator('.react-flow__handle.target').first();
  const a = (await source.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Opens the add menu and picks an entry; answers the dialog it opens. */
async function add(page: Page, entry: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
  return page.getByRole('dialog').last();
}

describe('/flowbuilders and /flowbuilder/{id}', () => {
  it('draws, saves, exports, re-imports and attaches a flow a sandbox customer walks to an agent', async () => {
    const { admin, email, companyId } = await newCompany();
    const conn = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Fluxos', channel: 'sandbox' } })).body;
    await pairSandbox(admin, conn.id);
    const queue = await makeQueue(admin, { name: 'Suporte' });
    const page = await newPage(browser, 1440, 900);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');

    // The list: the add-flow modal and its name rules.
    await page.goto(`${baseUrl()}/flowbuilders`);
    await page.getByRole('heading', { name: 'Fluxos de conversa' }).waitFor();
    await page.getByRole('button', { name: 'Adicionar Fluxo' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'Adicionar Fluxo' });
    await nameDialog.getByRole('button', { name: 'Adicionar' }).click();
    await nameDialog.getByText('Digite um nome!').waitFor();
    await nameDialog.getByLabel('Nome').fill('A');
    await nameDialog.getByRole('button', { name: 'Adicionar' }).click();
    await nameDialog.getByText('Muito curto!').waitFor();
    await nameDialog.getByLabel('Nome').fill('Atendimento');
    await nameDialog.getByRole('button', { name: 'Adicionar' }).click();
    await nameDialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Atendimento', exact: true }).click();
    await page.waitForURL('**/flowbuilder/*');
    const flowId = Number(/flowbuilder\/(\d+)/.exec(page.url())![1]);

    // A new flow: the title, the reminder, and the start node.
    await page.getByRole('heading', { name: 'Desenhe seu fluxo' }).waitFor();
    await page.getByText('Não se esqueça de salvar seu fluxo!').waitFor();
    await node(page, 'start').getByText('Inicio do fluxo').waitFor();
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    expect((await page.getByRole('menu').getByRole('menuitem').allTextContents()).map((s) => s.trim())).toEqual(['Inicio', 'Conteúdo', 'Menu', 'Pergunta', 'Capturar', 'Atualizar Contato', 'Randomizador', 'Departamentos', 'Tags', 'Condicionais', 'Encerrar Ticket', 'Http Request (Beta)', 'Intervalo']);
    await page.keyboard.press('Escape');

    // Menu
    let d = await add(page, 'Menu');
    await d.getByLabel('Mensagem do menu').fill('Como podemos ajudar?');
    await d.getByLabel('Opção 1', { exact: true }).fill('Suporte');
    await d.getByRole('button', { name: 'Adicionar opção' }).click();
    await d.getByLabel('Opção 2', { exact: true }).fill('Vendas');
    await d.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await d.waitFor({ state: 'hidden' });
    // Pergunta
    d = await add(page, 'Pergunta');
    expect(await page.getByRole('dialog', { name: 'Adicionar Pergunta ao fluxo' }).count()).toBe(1);
    await d.getByLabel('Mensagem').fill('Qual o seu nome?');
    await d.getByLabel('Variavel da pergunta').fill('nome');
    await d.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await d.waitFor({ state: 'hidden' });
    // Http Request: the test button answers through the guarded client (a private address is refused, shown as the error toast).
    d = await add(page, 'Http Request (Beta)');
    await d.getByLabel('URL (link da API)').fill('https://example.invalid/clientes?nome={{nome}}');
    await d.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await d.waitFor({ state: 'hidden' });
    // Condicionais: nome is not empty → the queue
    d = await add(page, 'Condicionais');
    await d.getByLabel('Campo').selectOption('nome');
    await d.getByLabel('Regra').selectOption({ label: 'Está vazio' });
    await d.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await d.waitFor({ state: 'hidden' });
    // Departamentos: the queue is required
    d = await add(page, 'Departamentos');
    await d.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await d.getByText('Selecione a fila de destino!').waitFor();
    await d.getByLabel('Fila de Destino').selectOption({ label: 'Suporte' });
    await d.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await d.waitFor({ state: 'hidden' });
    // Intervalo: the 120 s limit, then cancelled
    d = await add(page, 'Intervalo');
    await d.getByLabel('Tempo em segundos').fill('121');
    await d.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await d.getByText('Máximo de tempo atingido 120 segundos').waitFor();
    await d.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('button', { name: 'Organizar Layout' }).click();
    await page.getByText('Layout organizado com sucesso!').waitFor();
    await page.getByRole('button', { name: 'Fit View' }).click().catch(() => undefined);
    await connect(page, node(page, 'start'), node(page, 'menu'));
    await connect(page, node(page, 'menu'), node(page, 'question'), 'a1');
    await connect(page, node(page, 'question'), node(page, 'httpRequest'));
    await connect(page, node(page, 'httpRequest'), node(page, 'condition'), 'success');
    await connect(page, node(page, 'httpRequest'), node(page, 'condition'), 'error');
    await connect(page, node(page, 'condition'), node(page, 'queue'), 'false');
    await until('six connections drawn', async () => (await page.locator('.react-flow__edge').count()) === 6, 5000);
    await shot(page, 'flow-editor');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Fluxo salvo com sucesso').waitFor();
    const saved = (await admin.call('GET', `/flowbuilder/flow/${flowId}`)).body.flow.flow;
    expect(saved.nodes.map((n: { type: string }) => n.type).sort()).toEqual(['condition', 'httpRequest', 'menu', 'question', 'queue', 'start']);
    expect(saved.connections.map((c: { sourceHandle: string | null }) => c.sourceHandle).sort()).toEqual(['a1', 'error', 'false', 'success', null, null].sort());

    // Double-click opens the node's dialog in edit mode.
    await node(page, 'queue').dblclick();
    const editQueue = page.getByRole('dialog', { name: 'Editar Filas' });
    await editQueue.getByText('Opções adicionais').click();
    await editQueue.getByText('Escolher um Usuário').click();
    expect(await editQueue.getByLabel('Randomizar Usuário').isDisabled()).toBe(true);
    await editQueue.getByLabel('Selecione um Atendente').waitFor();
    await shot(page, 'flow-dialog-queue');
    await editQueue.getByRole('button', { name: 'Cancelar' }).click();

    // Export, then import the same file: the same graph.
    const exported = (await admin.call('GET', `/flowbuilder/exportFlow/${flowId}`)).body;
    await page.getByRole('button', { name: 'Importar/Exportar' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Exportar' }).click()]);
    await page.getByText('Fluxo exportado com sucesso').waitFor();
    expect(download.suggestedFilename()).toBe('Atendimento.json');
    const file = readFileSync((await download.path())!);
    await page.getByTestId('flow-import-file').setInputFiles({ name: 'Atendimento.json', mimeType: 'application/json', buffer: file });
    await page.getByText('Fluxo importado com sucesso').waitFor();
    await node(page, 'queue').waitFor();
    expect((await admin.call('GET', `/flowbuilder/exportFlow/${flowId}`)).body).toEqual(exported);

    // A broken file: refused, what is wrong listed, nothing saved.
    await page.getByTestId('flow-import-file').setInputFiles({ name: 'ruim.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ nodes: [{ id: 'x', type: 'interval', position: { x: 0, y: 0 }, data: { sec: 999 } }], connections: [] })) });
    await page.getByText('O fluxo não foi salvo. Corrija:').waitFor();
    expect((await admin.call('GET', `/flowbuilder/exportFlow/${flowId}`)).body).toEqual(exported);

    // Attach it: the connection's welcome flow.
    await page.goto(`${baseUrl()}/connections`);
    await page.getByRole('button', { name: 'Editar Sandbox Fluxos' }).click();
    const connDialog = page.getByRole('dialog', { name: 'Editar conexão' });
    await connDialog.getByLabel('Fluxo de boas vindas').selectOption({ label: 'Atendimento' });
    expect(await connDialog.getByLabel('Fluxo padrão (sem frase)').inputValue()).toBe('');
    await connDialog.getByRole('button', { name: 'Salvar' }).click();
    await connDialog.waitFor({ state: 'hidden' });
    expect((await admin.call('GET', `/whatsapp/${conn.id}`)).body).toMatchObject({ flowIdWelcome: flowId, flowIdNotPhrase: null });

    // A customer walks it: the menu, option 1, the question, then the queue (the agent's).
    const customer = new Customer(admin, companyId, conn.id, '5511988770001', 'Maria Cliente');
    await customer.say('oi');
    expect((await customer.next(1)).join('\n')).toContain('Como podemos ajudar?');
    const ticket = await until('the ticket', async () => (await admin.call('GET', '/tickets?status=pending&showAll=true')).body.tickets.find((x: { contact: { number: string } }) => x.contact.number === '5511988770001'));
    expect(ticket.flow).toMatchObject({ flowId, flowName: 'Atendimento', nodeType: 'menu', waiting: 'menu' });
    await page.goto(`${baseUrl()}/tickets/${ticket.uuid}`);
    await page.getByTestId('ticket-flow').getByText('Em fluxo: Atendimento · Menu').waitFor();
    await shot(page, 'flow-ticket-chip');
    await customer.say('1');
    expect((await customer.next(1)).join('\n')).toContain('Qual o seu nome?');
    await customer.say('Maria');
    await until('the ticket in the queue, out of the flow', async () => {
      const t = (await admin.call('GET', `/tickets/${ticket.id}`)).body;
      return t.queueId === queue.id && !t.flow;
    }, 30_000);
    await page.getByTestId('ticket-flow').waitFor({ state: 'detached' });
    expect((await admin.call('GET', `/tickets/${ticket.id}`)).body.queue).toMatchObject({ name: 'Suporte' });

    // Phone width, dark: the list and the editor (the toolbar wraps).
    await page.close();
    const phone = await newPage(browser, 390, 844, { dark: true });
    await loginAs(phone, email);
    await phone.waitForURL('**/dashboard');
    await phone.goto(`${baseUrl()}/flowbuilders`);
    await phone.getByRole('link', { name: 'Atendimento' }).waitFor();
    await shot(phone, 'flows-phone-dark');
    await phone.goto(`${baseUrl()}/flowbuilder/${flowId}`);
    await node(phone, 'queue').waitFor();
    await shot(phone, 'flow-editor-phone-dark');
    await phone.close();
  }, 240_000);

  it('an agent stops a ticket’s flow; the row menu duplicates and deletes a flow', async () => {
    const { admin, email, companyId } = await newCompany();
    const conn = (await admin.call('POST', '/whatsapp', { body: { name: 'Sandbox Parar', channel: 'sandbox' } })).body;
    await pairSandbox(admin, conn.id);
    const flow = (await admin.call('POST', '/flowbuilder', { body: { name: 'Pesquisa' } })).body;
    const saved = await admin.call('POST', '/flowbuilder/flow', {
      body: {
        idFlow: flow.id,
        nodes: [
          { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } },
          { id: 'q1', type: 'question', position: { x: 550, y: 100 }, data: { label: 'De 0 a 10, quanto nos recomendaria?', variable: 'nota' } },
        ],
        connections: [{ source: '1', target: 'q1' }],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await admin.call('PUT', `/whatsapp/${conn.id}`, { body: { flowIdWelcome: flow.id } });
    const customer = new Customer(admin, companyId, conn.id, '5511988770002');
    await customer.say('olá');
    expect((await customer.next(1)).join('\n')).toContain('quanto nos recomendaria');
    const ticket = await until('the ticket', async () => (await admin.call('GET', '/tickets?status=pending&showAll=true')).body.tickets.find((x: { contact: { number: string } }) => x.contact.number === '5511988770002'));

    const page = await newPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto(`${baseUrl()}/tickets/${ticket.uuid}`);
    const chip = page.getByTestId('ticket-flow');
    await chip.getByText('Em fluxo: Pesquisa · Pergunta').waitFor();
    await chip.getByRole('button', { name: 'Parar fluxo' }).click();
    await chip.waitFor({ state: 'detached' });
    expect((await admin.call('GET', `/tickets/${ticket.id}`)).body.flow ?? null).toBeNull();
    // The customer's answer now reaches the agent only: no flow message follows.
    await customer.say('10');
    await customer.nothing();

    await page.goto(`${baseUrl()}/flowbuilders`);
    await page.getByRole('button', { name: 'Ações do fluxo Pesquisa' }).click();
    await page.getByRole('menuitem', { name: 'Duplicar' }).click();
    await page.getByText('Fluxo duplicado com sucesso').waitFor();
    await until('two flows', async () => (await admin.call('GET', '/flowbuilder')).body.flows.length === 2);
    await page.getByRole('button', { name: 'Ações do fluxo Pesquisa' }).first().click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Fluxo excluído com sucesso').waitFor();
    await page.close();
  }, 120_000);

  it('a plan without the flow builder: no drawer entry, the pages refuse', async () => {
    const { email } = await newCompany('empresarial');
    const page = await newPage(browser, 1280, 800);
    await loginAs(page, email);
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('link', { name: 'Fluxos de conversa' }).count()).toBe(0);
    await page.goto(`${baseUrl()}/flowbuilders`);
    expect(await page.getByRole('heading', { name: 'Fluxos de conversa' }).count()).toBe(0);
    await page.close();
  }, 60_000);
});
