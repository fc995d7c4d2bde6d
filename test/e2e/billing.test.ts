/**
 * The issue's journey of an overdue company paying with the sandbox Pix (spec 2 "Invoices list",
 * "Checkout wizard"; spec 1 §2 route guard): a company signed up through the API paid one invoice
 * already (the super admin's 'Simular pagamento') and is now overdue with its next invoice issued by
 * the tick's pass; its admin logs in and lands on /financeiro ('Pago' and a tinted 'Vencido' row),
 * opens the checkout at Personalizar, is sent back to Dados by the required fields, reaches the Pix
 * screen (a QR of the BR Code and the copy-and-paste code), the super admin simulates the payment,
 * and the admin sees the renewal message and reaches /tickets again without logging in again.
 * Screenshots at desktop and phone widths, light and dark, of /financeiro and the Pix screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { crc16, parseBrCode } from '../../shared/src/br-code';
import { getInvoice } from '../../functions/src/adapters/db/invoices';
import { launch, loginAs, shot } from '../support/browser';
import { baseUrl, newCompany, type Client } from '../support/api';
import { companyDueDate, issueInvoicesNow, setDueDate, superAdmin } from '../support/billing';
import { checkoutBody } from '../support/fixtures/billing';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** An earlier invoice paid through the API (checkout + the super admin's simulated payment). */
async function payThroughApi(admin: Client, sup: Client, invoiceId: number): Promise<void> {
  const charge = await admin.call('POST', '/subscription', { body: checkoutBody(invoiceId) });
  expect(charge.status, JSON.stringify(charge.body)).toBe(200);
  expect((await sup.call('POST', `/subscription/sandbox/${charge.body.txid}/pay`)).body.outcome).toBe('paid');
}

type Dialog = ReturnType<Page['getByRole']>;

/**
 * The wizard from the row's PAGAR to the Pix screen, through the Dados step's rules; `customize`
 * acts at Personalizar (the invoice's plan when absent) and answers the total Revisar must show.
 */
async function checkoutToPix(page: Page, invoiceId: number, firstTime: boolean, customize?: (dialog: Dialog) => Promise<string>): Promise<void> {
  await page.getByTestId(`invoice-${invoiceId}`).getByRole('button', { name: `Pagar a fatura ${invoiceId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Assinatura' });
  // Starts at Personalizar (step 1): the invoice's plan and value.
  await dialog.locator('[aria-current="step"]', { hasText: 'Personalizar' }).waitFor();
  await dialog.getByTestId('checkout-plan').getByText('R$ 99,00').waitFor();
  if (firstTime && !customize) await shot(page, 'billing-2-checkout-personalizar');
  const total = customize ? await customize(dialog) : 'R$ 99,00';
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await dialog.locator('[aria-current="step"]', { hasText: 'Revisar' }).waitFor();
  await dialog.getByRole('button', { name: 'Pagar', exact: true }).click();
  // Dados is required: back to step 0 with each field's own message.
  await dialog.locator('[aria-current="step"]', { hasText: 'Dados' }).waitFor();
  for (const m of ['O nome completo é obrigatório', 'O endereço é obrigatório', 'A cidade é obrigatória', 'O CEP é obrigatório']) await dialog.getByText(m).waitFor();
  if (firstTime) {
    await dialog.getByLabel('País*').fill('');
    await dialog.getByRole('button', { name: 'Próximo' }).click();
    await dialog.getByText('O país é obrigatório').waitFor();
    await shot(page, 'billing-3-checkout-dados-required');
  }
  await dialog.getByLabel('Nome completo*').fill('Ana Souza');
  await dialog.getByLabel('Endereço*').fill('Rua das Flores, 10');
  await dialog.getByLabel('Cidade*').fill('Recife');
  await dialog.getByLabel('Estado').fill('PE');
  await dialog.getByLabel('CEP*').fill('50000-000');
  await dialog.getByLabel('País*').fill('Brasil');
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await dialog.getByText('Rua das Flores, 10, Recife, PE, 50000-000, Brasil').waitFor();
  expect((await dialog.getByTestId('review-total').innerText()).replace(/\s/g, ' ')).toBe(total);
  await dialog.getByRole('button', { name: 'Pagar', exact: true }).click();
  await dialog.getByTestId('pix-screen').waitFor();
}

describe('billing', () => {
  it('an overdue company lands on /financeiro, pays with the sandbox Pix and reaches /tickets again', async () => {
    const { admin, companyId, email } = await newCompany('basico');
    const sup = await superAdmin();
    // A month ago: that invoice is paid (the due date moves a month on), then the company is overdue.
    const first = await issueInvoicesNow(companyId, await setDueDate(companyId, -33));
    await payThroughApi(admin, sup, first.id);
    const due = (await companyDueDate(companyId))!;
    expect(due < new Date().toISOString().slice(0, 10)).toBe(true);
    const invoice = await issueInvoicesNow(companyId, due);

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' })).newPage();
    await loginAs(page, email);
    await page.waitForURL('**/financeiro');
    const overdueRow = page.getByTestId(`invoice-${invoice.id}`);
    await overdueRow.getByText('Vencido', { exact: true }).waitFor();
    expect(await overdueRow.getAttribute('class')).toContain('invoice-row--overdue');
    await page.getByTestId(`invoice-${first.id}`).getByText('Pago', { exact: true }).waitFor();
    expect(await page.getByTestId(`invoice-${first.id}`).getByRole('button').count()).toBe(0);
    await page.getByText('Sua assinatura venceu. Pague a fatura em aberto para voltar a usar o sistema.').waitFor();
    // The guard keeps an overdue company on /financeiro.
    await page.goto(`${baseUrl()}/tickets`);
    await page.waitForURL('**/financeiro');
    await overdueRow.getByText('Vencido', { exact: true }).waitFor();
    await shot(page, 'billing-1-financeiro-overdue');

    await checkoutToPix(page, invoice.id, true);
    await page.getByText('Assinatura realizada com sucesso!, aguardando a realização do pagamento').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Assinatura' });
    await dialog.getByText('Após realizar o pagamento, atualize a página.').waitFor();
    await dialog.getByText('Valor: R$ 99,00').waitFor();
    const code = await dialog.getByTestId('pix-code').inputValue();
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(parseBrCode(code).get('54')).toBe('99.00');
    expect(await dialog.getByTestId('qr-image').getAttribute('data-qr')).toBe(code);
    expect(await dialog.getByTestId('qr-image').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // 'Simular pagamento' is the super admin's, never a company admin's.
    expect(await dialog.getByRole('button', { name: 'Simular pagamento' }).count()).toBe(0);
    await shot(page, 'billing-4-pix-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400); // the drawer's own transition to its phone form
    await shot(page, 'billing-5-pix-phone');
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    await shot(page, 'billing-6-financeiro-phone');

    // Dark mode: /financeiro at phone and desktop widths, and the Pix screen again (the same charge, reused).
    await page.evaluate("localStorage.setItem('colorMode', 'dark')");
    await page.reload();
    await overdueRow.getByText('Vencido', { exact: true }).waitFor();
    await shot(page, 'billing-7-financeiro-phone-dark');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(400);
    await shot(page, 'billing-8-financeiro-dark');
    await checkoutToPix(page, invoice.id, false);
    expect(await dialog.getByTestId('pix-code').inputValue()).toBe(code);
    await shot(page, 'billing-9-pix-dark');

    // The super admin simulates the payment (the sandbox's 'Simular pagamento', through the API).
    const txid = (await getInvoice(companyId, invoice.id, true))!.txid!;
    const paid = await sup.call('POST', `/subscription/sandbox/${txid}/pay`);
    expect(paid.body.outcome).toBe('paid');
    await dialog.getByTestId('checkout-renewed').getByText('Sua licença foi renovada com sucesso!').waitFor();
    await shot(page, 'billing-10-renewed-dark');
    // Four seconds later: / → /tickets, on the same session.
    await page.waitForURL('**/tickets', { timeout: 10_000 });
    await page.getByRole('heading').first().waitFor();
    expect(await companyDueDate(companyId)).not.toBe(due);
    await page.goto(`${baseUrl()}/financeiro`);
    await page.getByTestId(`invoice-${invoice.id}`).getByText('Pago', { exact: true }).waitFor();
    await page.goto(`${baseUrl()}/contacts`);
    await page.waitForURL('**/contacts');
    await page.evaluate("localStorage.setItem('colorMode', 'light')");
  });

  it('chooses a custom plan at Personalizar, sees its price change live, pays it and gets its limits', async () => {
    const { admin, companyId, email } = await newCompany('basico');
    const invoice = await issueInvoicesNow(companyId, await setDueDate(companyId, 5));
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' })).newPage();
    await loginAs(page, email);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${baseUrl()}/financeiro`);
    await page.getByTestId(`invoice-${invoice.id}`).getByText('Em Aberto', { exact: true }).waitFor();

    await checkoutToPix(page, invoice.id, true, async (dialog) => {
      // basico: R$ 99 for 5 users and 2 connections; custom starts at 5 users and 3 connections (the minimum).
      await dialog.getByText('Plano personalizado').click();
      const price = dialog.getByTestId('custom-price');
      await price.getByText('R$ 121,00').waitFor();
      await dialog.getByText('São necessários pelo menos 3 usuários e 3 conexões de WhatsApp.').waitFor();
      const fewerConnections = dialog.getByRole('button', { name: 'Diminuir Conexões' });
      expect(await fewerConnections.isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Aumentar Usuários' }).click();
      await price.getByText('R$ 132,00').waitFor();
      await dialog.getByRole('button', { name: 'Aumentar Conexões' }).click();
      await price.getByText('R$ 152,00').waitFor();
      expect(await dialog.getByTestId('custom-connections').innerText()).toBe('4');
      await fewerConnections.click();
      await price.getByText('R$ 132,00').waitFor();
      expect(await fewerConnections.isDisabled()).toBe(true);
      expect(await dialog.getByTestId('custom-users').innerText()).toBe('6');
      await shot(page, 'billing-11-personalizar-custom-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(400);
      await shot(page, 'billing-12-personalizar-custom-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      return 'R$ 132,00';
    });
    const dialog = page.getByRole('dialog', { name: 'Assinatura' });
    await dialog.getByText('Valor: R$ 132,00').waitFor();
    expect(parseBrCode(await dialog.getByTestId('pix-code').inputValue()).get('54')).toBe('132.00');

    // The super admin's 'Simular pagamento' (through the API: the charge is this company's).
    const txid = (await getInvoice(companyId, invoice.id, true))!.txid!;
    expect((await (await superAdmin()).call('POST', `/subscription/sandbox/${txid}/pay`)).body.outcome).toBe('paid');
    await dialog.getByTestId('checkout-renewed').getByText('Sua licença foi renovada com sucesso!').waitFor();
    expect((await admin.call('GET', '/auth/me')).body.company.plan).toMatchObject({ name: 'basico personalizado', users: 6, connections: 3, amount: 132 });
    await page.goto(`${baseUrl()}/financeiro`);
    await page.getByTestId(`invoice-${invoice.id}`).getByText('Pago', { exact: true }).waitFor();
    await page.getByTestId(`invoice-${invoice.id}`).getByText('R$ 132,00').waitFor();
    await page.context().close();
  });
});
