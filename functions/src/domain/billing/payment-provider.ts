/**
 * The payment provider's interface, for the domain. It is defined beside its implementations in
 * adapters/payments/payment-provider.ts: an adapter may not import the domain (architecture.test.ts),
 * and the sandbox and Efí providers implement it.
 */
export type * from '../../adapters/payments/payment-provider';
