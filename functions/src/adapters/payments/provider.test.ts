import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../lib/config';
import { paymentProvider } from './provider';

const saved = process.env.PAYMENT_PROVIDER;
afterEach(() => {
  if (saved === undefined) delete process.env.PAYMENT_PROVIDER;
  else process.env.PAYMENT_PROVIDER = saved;
  resetEnvCache();
});

describe('paymentProvider', () => {
  it('is the sandbox by default', () => {
    delete process.env.PAYMENT_PROVIDER;
    resetEnvCache();
    expect(paymentProvider().name).toBe('sandbox');
  });

  it("is Efí's with PAYMENT_PROVIDER=efi", () => {
    process.env.PAYMENT_PROVIDER = 'efi';
    resetEnvCache();
    expect(paymentProvider().name).toBe('efi');
  });

  it('refuses an unknown provider at start-up', () => {
    process.env.PAYMENT_PROVIDER = 'paypal';
    resetEnvCache();
    expect(() => paymentProvider()).toThrow(/PAYMENT_PROVIDER/);
  });
});
