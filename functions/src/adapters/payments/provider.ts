/**
 * The payment provider the environment names (PAYMENT_PROVIDER): `sandbox` (the default, local)
 * or `efi` (Efí / Gerencianet Pix API, adapters/payments/efi.ts).
 */
import type { PaymentProvider } from './payment-provider';
import { env } from '../../lib/config';
import { sandboxProvider } from './sandbox';

export class PaymentProviderNotConfigured extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderNotConfigured';
  }
}

export function paymentProvider(): PaymentProvider {
  const name = env().PAYMENT_PROVIDER;
  switch (name) {
    case 'sandbox':
      return sandboxProvider();
    case 'efi':
      throw new PaymentProviderNotConfigured('PAYMENT_PROVIDER=efi: the Efí provider (adapters/payments/efi.ts) is not wired into the factory yet');
  }
}
