import { beforeAll, describe, expect, it } from 'vitest';
import { parseRefreshToken, newRefreshToken, signAccess, verifyAccess } from './tokens';
import { resetEnvCache } from '../../lib/config';
import { resetSecrets } from '../../adapters/secrets';
import { AppError } from '../../lib/app-error';

beforeAll(() => {
  process.env.JWT_SECRET = 'unit-test-secret-unit-test-secret-0123456789';
  resetEnvCache();
  resetSecrets();
});

describe('access tokens', () => {
  it('round-trips the claims', async () => {
    const t = await signAccess({ userId: 7, companyId: 3, family: 'fam-fam-fam-fam-fam' });
    expect(await verifyAccess(t)).toEqual({ userId: 7, companyId: 3, family: 'fam-fam-fam-fam-fam' });
  });
  it('expired → ERR_SESSION_EXPIRED (403); tampered → ERR_UNAUTHENTICATED (401)', async () => {
    const expired = await signAccess({ userId: 7, companyId: 3, family: 'f' }, -10);
    await expect(verifyAccess(expired)).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED', status: 403 });
    const t = await signAccess({ userId: 7, companyId: 3, family: 'f' });
    const [h, p, s] = t.split('.');
    const forged = [h, Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), cid: 4 })).toString('base64url'), s].join('.');
    const err = await verifyAccess(forged).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('carry company and family and parse back to the same hash', () => {
    const { token, hash } = newRefreshToken(12, 'abcdefghijklmnopqrstuv');
    expect(parseRefreshToken(token)).toEqual({ companyId: 12, family: 'abcdefghijklmnopqrstuv', hash });
    expect(parseRefreshToken('12.short.x')).toBeUndefined();
    expect(parseRefreshToken(`${token}; evil`)).toBeUndefined();
  });
});
