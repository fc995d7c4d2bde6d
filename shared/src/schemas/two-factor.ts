/** The optional TOTP second factor (BEHAVIOUR.md "Security defaults"): enrolment, login, recovery codes. */
import { z } from 'zod';
import type { SessionAnswer } from './auth';

export const TotpCode = z.string().trim().regex(/^\d{6}$/, 'ERR_INVALID_2FA_CODE');
/** Ten characters of base32 in two groups: `abcde-fghij` (the dash optional when typed). */
export const RecoveryCode = z.string().trim().toLowerCase().regex(/^[a-z2-7]{5}-?[a-z2-7]{5}$/, 'ERR_INVALID_2FA_CODE');
const Challenge = z.string().min(20).max(2048);

const oneOf = (b: { code?: string; recoveryCode?: string }) => (b.code === undefined) !== (b.recoveryCode === undefined);
const ONE_OF = { message: 'a code or a recovery code', path: ['code'] };

/** The second step of a login: the authenticator's code or a recovery code (also confirms an enrolment with a code). */
export const TwoFactorVerifyBody = z.object({ challenge: Challenge, code: TotpCode.optional(), recoveryCode: RecoveryCode.optional() }).strict().refine(oneOf, ONE_OF);
/** A login the company's rule sends to enrol first: the secret to scan. */
export const TwoFactorEnrolBody = z.object({ challenge: Challenge }).strict();
export const TwoFactorEnableBody = z.object({ code: TotpCode }).strict();
export const TwoFactorDisableBody = z.object({ code: TotpCode.optional(), recoveryCode: RecoveryCode.optional() }).strict().refine(oneOf, ONE_OF);

/** The secret of an enrolment under way: typed by hand or scanned from the otpauth:// URI as a QR code. */
export type TwoFactorSetup = { secret: string; uri: string };
/** What POST /auth/login answers when a second factor is due: verify a code, or enrol first. */
export type TwoFactorChallenge = { twoFactor: 'verify' | 'enrol'; challenge: string };
export type LoginAnswer = SessionAnswer | TwoFactorChallenge;
/** POST /auth/2fa/verify: the session, and the recovery codes (shown once) when it completed an enrolment. */
export type TwoFactorVerifyAnswer = SessionAnswer & { recoveryCodes?: string[] };
