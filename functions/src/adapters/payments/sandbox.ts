/**
 * The sandbox Pix provider (BEHAVIOUR.md "Billing"; the local default): the server builds the BR
 * Code for the platform's Pix key (PIX_KEY, PIX_MERCHANT_NAME, PIX_MERCHANT_CITY) and keeps its
 * charges in the table (`P#SANDBOXPIX#<txid>` / `CHARGE`), so `readCharge` answers what happened.
 * Nobody can pay it with a bank: a super admin's 'Simular pagamento' (`markPaid`) concludes a
 * charge, and the caller then drives the same webhook path a real provider's call would.
 *
 * The BR Code's txid field holds at most 25 characters (EMV), a Pix API txid 26 to 35: the code
 * carries the txid's first 25, the charge is kept under the whole txid.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { buildBrCode } from '@conversa/shared/br-code';
import { db, table } from '../db/client';
import { env } from '../../lib/config';
import { AppError } from '../../lib/app-error';
import type { CreateChargeInput, PaymentProvider, PixCharge, PixChargeStatus } from './payment-provider';

const chargeKey = (txid: string) => ({ PK: `P#SANDBOXPIX#${txid}`, SK: 'CHARGE' });
/** Sandbox charges are kept 30 days after they expire (the table's TTL). */
const KEEP_SECONDS = 30 * 86_400;

type Stored = PixChargeStatus & { brCode: string; chargeExpiresAt: string };

const toStatus = (s: Stored): PixChargeStatus => ({
  txid: s.txid,
  status: s.status,
  amount: s.amount,
  ...(s.paidAmount ? { paidAmount: s.paidAmount } : {}),
  ...(s.endToEndId ? { endToEndId: s.endToEndId } : {}),
});

/** An end-to-end id shaped like the central bank's: E + 8-digit ISPB + yyyyMMddHHmm + 11 characters. */
function endToEndId(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 12);
  return `E00000000${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

export type SandboxProvider = PaymentProvider & {
  readonly name: 'sandbox';
  /** 'Simular pagamento': the charge concluded with its own amount (again: unchanged). */
  markPaid(txid: string, now?: Date): Promise<PixChargeStatus>;
  /** The platform's Pix key, as a PSP's notice names it (`chave`). */
  readonly pixKey: string;
};

/** The sandbox's key when the operator names none: an example that no bank would pay. */
const SANDBOX_PIX_KEY = 'pagamentos@conversa.local';

export function sandboxProvider(): SandboxProvider {
  const e = env();
  const pixKey = e.PIX_KEY ?? SANDBOX_PIX_KEY;
  return {
    name: 'sandbox',
    pixKey,
    async createCharge(input: CreateChargeInput): Promise<PixCharge> {
      const now = Date.now();
      const expiresAt = new Date(now + input.expiresInSeconds * 1000).toISOString();
      const brCode = buildBrCode({ key: pixKey, amount: input.amount, merchantName: e.PIX_MERCHANT_NAME, merchantCity: e.PIX_MERCHANT_CITY, txid: input.txid.slice(0, 25) });
      const stored: Stored = { txid: input.txid, status: 'ATIVA', amount: input.amount, brCode, chargeExpiresAt: expiresAt };
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { ...chargeKey(input.txid), entity: 'sandboxPix', ...stored, description: input.description, expiresAt: Math.floor(now / 1000) + input.expiresInSeconds + KEEP_SECONDS },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      // No payment page in the sandbox: the QR and the copy-and-paste code are the way to pay.
      return { txid: input.txid, brCode, amount: input.amount, paymentUrl: '', expiresAt };
    },
    async readCharge(txid: string): Promise<PixChargeStatus> {
      const out = await db().send(new GetCommand({ TableName: table(), Key: chargeKey(txid), ConsistentRead: true }));
      if (!out.Item) throw new AppError('ERR_NO_CHARGE_FOUND');
      return toStatus(out.Item as Stored);
    },
    async markPaid(txid: string, now = new Date()): Promise<PixChargeStatus> {
      try {
        const out = await db().send(
          new UpdateCommand({
            TableName: table(),
            Key: chargeKey(txid),
            UpdateExpression: 'SET #s = :done, paidAmount = if_not_exists(paidAmount, amount), endToEndId = if_not_exists(endToEndId, :e), paidAt = if_not_exists(paidAt, :at)',
            ConditionExpression: 'attribute_exists(PK) AND #s IN (:active, :done)',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':done': 'CONCLUIDA', ':active': 'ATIVA', ':e': endToEndId(now), ':at': now.toISOString() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toStatus(out.Attributes as Stored);
      } catch (err) {
        if ((err as { name?: string }).name === 'ConditionalCheckFailedException') throw new AppError('ERR_NO_CHARGE_FOUND');
        throw err;
      }
    },
  };
}
