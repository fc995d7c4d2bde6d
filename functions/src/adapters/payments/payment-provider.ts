/**
 * The payment provider behind the Pix checkout (BEHAVIOUR.md "Billing"). Two real
 * implementations: `sandbox` (the server builds the BR Code for the platform's Pix key and a
 * super admin can simulate the payment; the local default) and `efi` (Efí / Gerencianet Pix API:
 * OAuth2 client credentials over mutual TLS with the uploaded .p12 certificate).
 */

/** An immediate charge (`cob`) as the provider created it. */
export type PixCharge = {
  /** Our id of the charge at the provider: 26 to 35 letters and digits (Pix `txid`). */
  txid: string;
  /** The copy-and-paste code (EMV BR Code) shown as a QR. */
  brCode: string;
  /** Amount in reais with 2 decimals, as the provider holds it ("99.00"). */
  amount: string;
  /** A link the payer can open to pay (the provider's payment page or the charge location). */
  paymentUrl: string;
  /** ISO time after which the charge can no longer be paid. */
  expiresAt: string;
};

/** The provider's view of a charge, read back before an invoice is paid. */
export type PixChargeStatus = {
  txid: string;
  /** The Pix API's statuses; only CONCLUIDA is paid. */
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  /** The charge's amount ("99.00"). */
  amount: string;
  /** What was paid, summed over the charge's Pix payments ("99.00"); undefined while unpaid. */
  paidAmount?: string;
  /** The end-to-end id of the payment, when paid. */
  endToEndId?: string;
};

export type CreateChargeInput = {
  txid: string;
  amount: string;
  /** Shown to the payer ("Fatura 12 - Conversa"). */
  description: string;
  expiresInSeconds: number;
  payer?: { name: string; document?: string };
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'efi';
  createCharge(input: CreateChargeInput): Promise<PixCharge>;
  readCharge(txid: string): Promise<PixChargeStatus>;
}
