/** Playwright driving Debian's Chromium (never a downloaded browser). */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { baseUrl, followPage, PASSWORD } from './api';

export const SHOTS = 'test-results/screenshots';

/** `fakeMedia`: a fake microphone (a beep) that needs no prompt, for recording audio messages. */
export async function launch(opts: { fakeMedia?: boolean } = {}): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync',
      ...(opts.fakeMedia ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] : []),
    ],
  });
}

/** A page in its own context: Portuguese, optionally in a time zone and in dark mode (the app's stored choice and the system's). */
export async function newPage(browser: Browser, width = 1280, height = 800, opts: { dark?: boolean; timezoneId?: string } = {}): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}), ...(opts.dark !== undefined ? { colorScheme: opts.dark ? 'dark' : 'light' } : {}) });
  if (opts.dark) await ctx.addInitScript("localStorage.setItem('colorMode', 'dark')");
  return ctx.newPage();
}

/** Signs in on the shared stack, or on `base` (a test's own stack). */
export async function loginAs(page: Page, email: string, password = PASSWORD, base = baseUrl()): Promise<void> {
  await page.goto(`${base}/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  // This page's session is now the user's only one: the test's API clients of the user follow it.
  followPage(email, async () => (page.isClosed() ? undefined : ((await page.evaluate("localStorage.getItem('token')").catch(() => null)) as string | null) ?? undefined));
}

export const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
