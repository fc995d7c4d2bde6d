/**
 * Platform content in a real browser (issue 20): the super admin uploads a login logo on
 * Settings > Logos/Icons (the browser's own checks first) and the login page shows it; creates a
 * help entry on Settings > Help and finds it on /helps, where the video host cannot be reached from
 * this machine, so the placeholder shows; creates an announcement on /announcements that the demo
 * company's agent, with the right drawer open, sees arrive live with its unread mark (desktop, and
 * a phone-width page in dark mode). Screenshots of each step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, loginAs, shot } from '../support/browser';
import { baseUrl, signedIn, unique, type Client } from '../support/api';
import { pngOf, TINY_PDF } from '../support/files';

/** The right drawer has slid fully in (its transition ended). */
const drawerIn = (page: Page) =>
  page.waitForFunction("(() => { const r = document.querySelector('.right-drawer.is-open')?.getBoundingClientRect(); return Boolean(r) && Math.abs(r.right - window.innerWidth) < 1; })()");

async function openPage(browser: Browser, width: number, height: number, opts: { dark?: boolean } = {}): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', colorScheme: opts.dark ? 'dark' : 'light' });
  if (opts.dark) await ctx.addInitScript("localStorage.setItem('colorMode', 'dark')");
  return ctx.newPage();
}

let browser: Browser;
const cleanup: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of cleanup) await c().catch(() => undefined);
  await browser?.close();
});

describe('platform content', () => {
  it('super admin: login logo, help entry on /helps, and an announcement the demo agent sees live in the drawer', async () => {
    const sup = await openPage(browser, 1280, 800);
    await loginAs(sup, 'admin@conversa.local');
    await sup.waitForURL('**/dashboard');

    // --- Settings > Logos/Icons: the browser's checks, then a 300×200 PNG for the login page ---
    await sup.goto(`${baseUrl()}/settings?tab=logos`);
    const panel = sup.getByRole('tabpanel');
    await panel.getByRole('heading', { name: 'Logos e ícones' }).waitFor();
    await panel.getByRole('button', { name: 'Enviar' }).click();
    await sup.getByText('Escolha um destino!').waitFor();
    await panel.getByLabel('Destino').selectOption({ label: 'Logo da tela de login (300×200)' });
    await panel.getByRole('button', { name: 'Enviar' }).click();
    await sup.getByText('Escolha um arquivo!').waitFor();
    const file = panel.locator('input[type="file"]');
    await file.setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]) });
    await panel.getByRole('button', { name: 'Enviar' }).click();
    await sup.getByText('Use somente arquivos em formato PNG!').waitFor();
    // A PNG of the wrong size: the server reads its header and refuses it.
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngOf(100, 100) });
    await panel.getByRole('button', { name: 'Enviar' }).click();
    await sup.getByText('A imagem não tem o tamanho exigido para este destino.').waitFor();
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngOf(300, 200, [233, 30, 99]) });
    await panel.getByRole('button', { name: 'Enviar' }).click();
    await sup.getByText('Arquivo enviado com sucesso!').waitFor();
    await panel.locator('.branding-files__item[data-ref="login"] img').waitFor();
    await shot(sup, 'content-1-logos-tab');
    // The inner logo: the menu shows it in place of the app's name.
    await panel.getByLabel('Destino').selectOption({ label: 'Logo interno (300×200)' });
    await file.setInputFiles({ name: 'interno.png', mimeType: 'image/png', buffer: pngOf(300, 200, [255, 255, 255]) });
    await panel.getByRole('button', { name: 'Enviar' }).click();
    await panel.locator('.branding-files__item[data-ref="interno"] img').waitFor();
    await sup.locator('img.nav-drawer__logo').waitFor();
    await sup.waitForFunction("document.querySelector('img.nav-drawer__logo')?.naturalWidth === 300");
    await shot(sup, 'content-1a-inner-logo');

    // --- Settings > Documents: the terms PDF, linked from /signup ---
    await sup.goto(`${baseUrl()}/settings?tab=documents`);
    const docs = sup.getByRole('tabpanel');
    await docs.getByLabel('Destino').selectOption({ label: 'Termos de uso' });
    await docs.locator('input[type="file"]').setInputFiles({ name: 'termos.png', mimeType: 'image/png', buffer: pngOf(10, 10) });
    await docs.getByRole('button', { name: 'Enviar' }).click();
    await sup.getByText('Use somente arquivos em formato PDF!').waitFor();
    await docs.locator('input[type="file"]').setInputFiles({ name: 'termos.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await docs.getByRole('button', { name: 'Enviar' }).click();
    await sup.getByText('Arquivo enviado com sucesso!').first().waitFor();
    await docs.locator('.branding-files__item[data-ref="termos"] a').waitFor();

    // --- Settings > Colors: the 50 swatches (looked at, not saved: the theme is every company's) ---
    await sup.goto(`${baseUrl()}/settings?tab=colors`);
    const colors = sup.getByRole('tabpanel');
    await colors.getByRole('radio', { name: 'Usar #007FAD' }).first().waitFor();
    expect(await colors.getByRole('radiogroup').first().getByRole('radio').count()).toBe(50);
    await colors.getByRole('radiogroup').first().getByRole('radio', { name: 'Usar #2E7D32' }).click();
    expect(await colors.getByRole('radiogroup').first().getByRole('radio', { name: 'Usar #2E7D32' }).getAttribute('aria-checked')).toBe('true');
    await shot(sup, 'content-1b-colors-tab');

    // --- the login page, before anyone signs in, shows that logo ---
    const anon = await openPage(browser, 1280, 800);
    await anon.goto(`${baseUrl()}/login`);
    const logo = anon.locator('img.auth-page__brand-logo');
    await logo.waitFor();
    await anon.waitForFunction("document.querySelector('img.auth-page__brand-logo')?.naturalWidth === 300");
    await shot(anon, 'content-2-login-logo');
    await anon.goto(`${baseUrl()}/signup`);
    const terms = anon.getByRole('link', { name: 'Termos de uso' });
    await terms.waitFor();
    const pdf = await (await fetch((await terms.getAttribute('href'))!)).text();
    expect(pdf.startsWith('%PDF-')).toBe(true);
    const phoneAnon = await openPage(browser, 390, 844);
    await phoneAnon.goto(`${baseUrl()}/login`);
    await phoneAnon.locator('img.auth-page__logo-img').waitFor();
    await phoneAnon.waitForFunction("document.querySelector('img.auth-page__logo-img')?.naturalWidth === 300");
    await shot(phoneAnon, 'content-3-login-logo-phone');
    await anon.context().close();
    await phoneAnon.context().close();

    // --- Settings > Help: a new entry; /helps shows it, the video placeholder when YouTube cannot be reached ---
    const helpTitle = `Como conectar ${unique('h').slice(2)}`;
    await sup.goto(`${baseUrl()}/settings?tab=helps`);
    const help = sup.getByRole('tabpanel');
    await help.getByRole('button', { name: 'Adicionar' }).click();
    await help.getByText('Obrigatório').waitFor();
    await help.getByLabel('Título').fill(helpTitle);
    await help.getByLabel('Vídeo (código ou link do YouTube)').fill('https://youtu.be/dQw4w9WgXcQ');
    await help.getByLabel('Descrição').fill('Leia o QR code na tela de conexões.');
    await help.getByRole('button', { name: 'Adicionar' }).click();
    await sup.getByText('Operação realizada com sucesso!').waitFor();
    const row = help.getByTestId('helps-table').getByRole('row', { name: new RegExp(helpTitle) });
    await row.getByText('dQw4w9WgXcQ').waitFor();
    await shot(sup, 'content-4-help-tab');
    await sup.goto(`${baseUrl()}/helps`);
    await sup.getByRole('button', { name: helpTitle }).click();
    await sup.getByText('Leia o QR code na tela de conexões.').waitFor();
    await sup.getByText('Não foi possível carregar o vídeo: o YouTube não respondeu.', { exact: false }).waitFor({ timeout: 10_000 });
    expect(await sup.locator('.help-video iframe').count()).toBe(0);
    await shot(sup, 'content-5-helps-page');

    // --- the demo company's agent, drawer open (desktop), and the same agent's phone in dark mode ---
    const agent = await openPage(browser, 1280, 800);
    await loginAs(agent, 'agent@demo.local');
    await agent.waitForURL('**/tickets**');
    await agent.getByRole('button', { name: /^Preferências/ }).click();
    await drawerIn(agent);

    // --- /announcements: the super admin creates one, priority high ---
    const annTitle = `Manutenção ${unique('a').slice(2)}`;
    await sup.goto(`${baseUrl()}/announcements`);
    await sup.getByRole('button', { name: 'Adicionar' }).click();
    const modal = sup.getByRole('dialog', { name: 'Novo informativo' });
    await modal.getByRole('button', { name: 'Salvar' }).click();
    expect(await modal.getByText('Obrigatório').count()).toBe(2);
    await modal.getByLabel('Título').fill(annTitle);
    await modal.getByLabel('Texto').fill('O sistema ficará fora do ar domingo das 2h às 3h.');
    await modal.getByLabel('Prioridade').selectOption({ label: 'Alta' });
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await sup.getByText('Operação realizada com sucesso!').first().waitFor();
    await sup.getByTestId('announcements-table').getByRole('row', { name: new RegExp(annTitle) }).waitFor();
    await shot(sup, 'content-6-announcements-page');

    const item = agent.locator('.drawer-announcement', { hasText: annTitle });
    await item.waitFor({ timeout: 10_000 });
    expect(await item.evaluate((el) => el.classList.contains('is-unread'))).toBe(true);
    await item.getByLabel('Não lido').waitFor();
    await agent.getByTestId('announcements-badge').waitFor();
    await shot(agent, 'content-7-agent-drawer');

    const phone = await openPage(browser, 390, 844, { dark: true });
    await loginAs(phone, 'agent@demo.local');
    await phone.waitForURL('**/tickets**');
    await phone.getByRole('button', { name: /^Preferências/ }).click();
    const phoneItem = phone.locator('.drawer-announcement', { hasText: annTitle });
    await phoneItem.waitFor();
    await phoneItem.getByLabel('Não lido').waitFor();
    await drawerIn(phone);
    await shot(phone, 'content-8-agent-drawer-phone-dark');
    // Opening it marks it read, for this user, on the server.
    await phoneItem.getByRole('button').click();
    await phoneItem.getByText('O sistema ficará fora do ar').waitFor();
    await phone.waitForFunction(`[...document.querySelectorAll('.drawer-announcement')].some((el) => el.textContent.includes(${JSON.stringify(annTitle)}) && !el.classList.contains('is-unread'))`);
    await shot(phone, 'content-9-agent-drawer-read-dark');

    // The records made here leave with the test.
    const api: Client = await signedIn('admin@conversa.local');
    const anns = (await api.call('GET', '/announcements?limit=100')).body.records as { id: number; title: string }[];
    const helps = (await api.call('GET', '/helps')).body as { id: number; title: string }[];
    for (const a of anns.filter((x) => x.title === annTitle)) cleanup.push(() => api.call('DELETE', `/announcements/${a.id}`));
    for (const h of helps.filter((x) => x.title === helpTitle)) cleanup.push(() => api.call('DELETE', `/helps/${h.id}`));
    for (const p of [sup, agent, phone]) await p.context().close();
  }, 180_000);

  it('a company admin reaching the super panels gets the spec\'s refusals and is sent home', async () => {
    const page = await openPage(browser, 1280, 800);
    await loginAs(page, 'admin@demo.local');
    await page.waitForURL('**/dashboard');
    // Settings > Colors by its address: 'Sem permissão para acessar!', then / after 500 ms.
    await page.goto(`${baseUrl()}/settings?tab=colors`);
    await page.getByText('Sem permissão para acessar!').waitFor();
    await page.waitForURL((u) => !u.pathname.startsWith('/settings'), { timeout: 5000 });
    expect(await page.getByRole('tab', { name: 'Cores' }).count()).toBe(0);
    // /announcements: the spec's company denial, then / after 1 s.
    await page.goto(`${baseUrl()}/announcements`);
    await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    await shot(page, 'content-10-denied');
    await page.waitForURL((u) => !u.pathname.startsWith('/announcements'), { timeout: 5000 });
    // /outrosajustes: the company's own backup, with the worker's result and the download link.
    await page.goto(`${baseUrl()}/outrosajustes`);
    await page.getByRole('button', { name: 'Fazer backup' }).click();
    // The backup Scans the whole table: the suite's shared table is large late in a run.
    await page.getByText('Backup realizado com sucesso!').waitFor({ timeout: 120_000 });
    const link = page.getByRole('link', { name: 'Baixar o backup' });
    const lines = (await (await fetch((await link.getAttribute('href'))!)).text()).trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ SK: 'META' });
    expect(lines.every((l) => /"PK":"(P#COMPANY#(\d+)|C#\d+#[^"]*)"/.test(l))).toBe(true);
    expect(await page.getByText('Backup da plataforma').count()).toBe(0);
    await shot(page, 'content-11-backup');
    await page.context().close();
    // The super admin reads what backs up the whole platform.
    const sup = await openPage(browser, 390, 844);
    await loginAs(sup, 'admin@conversa.local');
    await sup.waitForURL('**/dashboard');
    await sup.goto(`${baseUrl()}/outrosajustes`);
    await sup.getByText('recuperação para um ponto no tempo (PITR)', { exact: false }).waitFor();
    await shot(sup, 'content-12-backup-super-phone');
    await sup.context().close();
  }, 180_000);
});
