/** The campaigns page in the browser tests. */
import type { Locator, Page } from 'playwright-core';

/** /campaigns on the stack at `base`: the 'Nova campanha' dialog, its name, connection and contact list chosen. */
export async function newCampaignDialog(page: Page, base: string, f: { name: string; connection: string; list: string }): Promise<Locator> {
  await page.goto(`${base}/campaigns`);
  await page.getByRole('heading', { name: 'Campanhas' }).waitFor();
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova campanha' });
  await dialog.getByLabel('Nome', { exact: true }).fill(f.name);
  await dialog.getByLabel('Conexão').selectOption({ label: f.connection });
  await dialog.getByLabel('Lista de contatos').selectOption({ label: f.list });
  return dialog;
}
