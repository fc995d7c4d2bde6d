/** Meta's webhook signature: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`. */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signBody(raw: Buffer | string, secret: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(raw).digest('hex');
}

/** Constant-time check of the header against the body signed with `secret`. */
export function validSignature(raw: Buffer | string, header: string | undefined, secret: string | undefined): boolean {
  if (!header || !secret) return false;
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!m) return false;
  const got = Buffer.from(m[1]!.toLowerCase(), 'hex');
  const want = createHmac('sha256', secret).update(raw).digest();
  return got.length === want.length && timingSafeEqual(got, want);
}
