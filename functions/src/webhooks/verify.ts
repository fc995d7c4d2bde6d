/** Meta's subscription check: `hub.mode=subscribe` and our verify token → echo `hub.challenge`. */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../lib/app-error';

export const VerifyQuery = z.looseObject({
  'hub.mode': z.string().max(100).optional(),
  'hub.verify_token': z.string().max(1000).optional(),
  'hub.challenge': z.string().max(1000).optional(),
});
export type VerifyQuery = z.infer<typeof VerifyQuery>;

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The challenge to echo; 403 ERR_NO_PERMISSION otherwise (also when no token is configured). */
export function verifySubscription(q: VerifyQuery, token: string | undefined): string {
  const given = q['hub.verify_token'];
  const challenge = q['hub.challenge'];
  if (q['hub.mode'] !== 'subscribe' || !token || !given || challenge === undefined || !same(given, token)) throw new AppError('ERR_NO_PERMISSION');
  return challenge;
}
