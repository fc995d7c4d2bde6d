/**
 * The payment provider the environment names (PAYMENT_PROVIDER): `sandbox` (the default, local)
 * or `efi` (Efí / Gerencianet Pix API, adapters/payments/efi.ts).
 */
import type { PaymentProvider } from './payment-provider';
import { env } from '../../lib/config';
import { efiProvider } from './efi';
import { sandboxProvider } from './sandbox';

export function paymentProvider(): PaymentProvider {
  const name = env().PAYMENT_PROVIDER;
  switch (name) {
    case 'sandbox':
      return sandboxProvider();
    case 'efi':
      // Missing Efí settings surface on the first call as ERR_PAYMENT_NOT_CONFIGURED.
      return efiProvider();
  }
}
