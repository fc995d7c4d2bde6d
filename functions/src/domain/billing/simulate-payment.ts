/**
 * 'Simular pagamento' (the sandbox provider only; super admin): the sandbox charge is concluded
 * with its own amount, then the notice a PSP would send goes through the same path as the webhook
 * (receivePixNotices, after the route's own authentication instead of the URL's secret).
 */
import type { PixNotice } from '@conversa/shared/schemas/billing';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { AppError } from '../../lib/app-error';
import { receivePixNotices, type Outcome } from './receive-payment';
import { paymentProvider } from '../../adapters/payments/provider';

export async function simulatePayment(txid: string, now = new Date()): Promise<{ outcome: Outcome }> {
  const provider = paymentProvider();
  if (provider.name !== 'sandbox') throw new AppError('ERR_SANDBOX_PROVIDER_ONLY');
  const charge = await (provider as SandboxProvider).markPaid(txid, now);
  const notice: PixNotice = { endToEndId: charge.endToEndId!, txid, chave: (provider as SandboxProvider).pixKey, valor: charge.paidAmount ?? charge.amount, horario: now.toISOString() };
  const counts = await receivePixNotices([notice], now);
  const outcome = (Object.keys(counts) as Outcome[]).find((k) => counts[k] > 0)!;
  return { outcome };
}
