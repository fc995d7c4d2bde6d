import { chromium } from 'playwright-core';
const BASE = process.env.BASE ?? 'http://127.0.0.1:8093';
const out = '/tmp/web-shots';
import { mkdirSync } from 'node:fs';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'] });
const logs = [];
async function page(w = 1280, h = 800, opts = {}) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'pt-BR', ...opts });
  const p = await ctx.newPage();
  p.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logs.push(`[${m.type()}] ${m.text()}`));
  p.on('pageerror', (e) => logs.push(`[pageerror] ${e.message}`));
  return p;
}
const shot = (p, n) => p.screenshot({ path: `${out}/${n}.png` });
const step = process.argv[2] ?? 'all';
async function login(p, email, pw = 'Conversa123') {
  await p.goto(`${BASE}/login`);
  await p.fill('input[name="email"]', email);
  await p.fill('input[name="password"]', pw);
  await p.click('button[type="submit"]');
}
try {
  if (step === 'all' || step === 'public') {
    const p = await page();
    await p.goto(`${BASE}/login`);
    await p.waitForSelector('input[name="email"]');
    await shot(p, '01-login');
    await p.click('button[type="submit"]');
    await p.waitForTimeout(400);
    await shot(p, '02-login-errors');
    await login(p, 'agent@demo.local', 'errada');
    await p.waitForSelector('text=Erro de autenticação. Por favor, tente novamente.', { timeout: 5000 });
    await shot(p, '03-login-wrong');
    await p.goto(`${BASE}/signup`);
    await p.waitForSelector('table');
    await shot(p, '04-signup');
    await p.click('button[type="submit"]');
    await p.waitForTimeout(300);
    await p.screenshot({ path: `${out}/05-signup-errors.png`, fullPage: true });
    await p.goto(`${BASE}/forgetpsw`);
    await p.fill('input[name="email"]', 'agent@demo.local');
    await p.click('button[type="submit"]');
    await p.waitForSelector('input[name="code"]', { timeout: 8000 });
    await shot(p, '06-forgot-step2');
    await p.context().close();
    const m = await page(375, 740, { colorScheme: 'dark' });
    await m.goto(`${BASE}/login`);
    await m.waitForSelector('input[name="email"]');
    await shot(m, '07-login-mobile-dark');
    await m.context().close();
  }
  if (step === 'all' || step === 'admin') {
    const p = await page();
    await login(p, 'admin@demo.local');
    await p.waitForURL('**/dashboard');
    await p.waitForTimeout(800);
    await shot(p, '10-admin-dashboard');
    await p.click('a.nav-item[href="/users"]');
    await p.waitForSelector('td.cell-strong');
    await p.waitForTimeout(300);
    await shot(p, '11-users');
    await p.click('text=Adicionar usuário');
    await p.waitForTimeout(300);
    await p.click('[role="dialog"] button[type="submit"]');
    await p.waitForTimeout(300);
    await shot(p, '12-user-modal-errors');
    await p.keyboard.press('Escape');
    await p.click('a.nav-item[href="/settings"]');
    await p.waitForSelector('select[name="userRating"]');
    await shot(p, '13-settings');
    await p.selectOption('select[name="userRating"]', 'enabled');
    await p.waitForSelector('text=Operação atualizada com sucesso.', { timeout: 5000 });
    await shot(p, '14-settings-saved');
    await p.click('button[aria-label="Preferências"]');
    await p.waitForTimeout(400);
    await shot(p, '15-right-drawer');
    await p.click('.right-drawer .amplify-switch-track, .right-drawer input[type=checkbox]', { force: true });
    await p.waitForTimeout(300);
    await p.keyboard.press('Escape');
    await p.waitForTimeout(300);
    await shot(p, '16-dark-settings');
    await p.click('button[aria-label="Conta"]');
    await p.waitForTimeout(200);
    await shot(p, '17-account-menu');
    await p.click('text=Perfil');
    await p.waitForTimeout(800);
    await shot(p, '18-profile-modal');
    await p.context().close();
  }
  if (step === 'all' || step === 'mobile') {
    const p = await page(375, 740);
    await login(p, 'admin@demo.local');
    await p.waitForURL('**/dashboard');
    await p.waitForTimeout(500);
    await shot(p, '20-mobile-dashboard');
    await p.click('button[aria-label="Abrir menu"]');
    await p.waitForTimeout(400);
    await shot(p, '21-mobile-drawer');
    await p.click('a.nav-item[href="/users"]');
    await p.waitForSelector('td.cell-strong');
    await p.waitForTimeout(400);
    await shot(p, '22-mobile-users');
    await p.click('a.nav-item[href="/settings"]', { force: true }).catch(() => {});
    await p.goto(`${BASE}/settings`);
    await p.waitForSelector('select[name="userRating"]');
    await shot(p, '23-mobile-settings');
    await p.context().close();
  }
  if (step === 'all' || step === 'super') {
    const p = await page();
    await login(p, 'admin@conversa.local');
    await p.waitForURL('**/dashboard');
    await p.waitForTimeout(800);
    await shot(p, '30-super-dashboard');
    await p.goto(`${BASE}/settings`);
    await p.waitForSelector('select[name="userRating"]');
    await p.screenshot({ path: `${out}/31-super-settings.png`, fullPage: true });
    await p.goto(`${BASE}/Kanban`);
    await p.waitForTimeout(800);
    await shot(p, '32-later-page');
    await p.context().close();
  }
} catch (e) {
  console.error('FAILED', e.message);
} finally {
  console.log(logs.join('\n'));
  await browser.close();
}
