/**
 * JWT key rotation (issue 24): tokens name the key that signed them; during a rotation the
 * previous key still verifies; an instance that started before a rotation reads the ring again
 * when a token names a key it does not hold; sealed second-factor secrets survive the rotation.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { resetSecrets } from '../../adapters/secrets';
import { resetEnvCache } from '../../lib/config';
import { seal, unseal } from './sealed';
import { signAccess, verifyAccess } from './tokens';

const A = 'key-a-key-a-key-a-key-a-key-a-key-a-0001';
const B = 'key-b-key-b-key-b-key-b-key-b-key-b-0002';
const C = 'key-c-key-c-key-c-key-c-key-c-key-c-0003';
const claims = { userId: 7, companyId: 3, family: 'family-family-1' };
const kid = (t: string) => (JSON.parse(Buffer.from(t.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;

function local(current: string, previous?: string) {
  delete process.env.JWT_SECRET_ARN;
  process.env.JWT_SECRET = current;
  if (previous) process.env.JWT_SECRET_PREVIOUS = previous;
  else delete process.env.JWT_SECRET_PREVIOUS;
  delete process.env.SEAL_SECRET;
  resetEnvCache();
  resetSecrets();
}

afterAll(() => {
  delete process.env.JWT_SECRET_PREVIOUS;
  resetEnvCache();
  resetSecrets();
});

describe('JWT keys, locally (JWT_SECRET and JWT_SECRET_PREVIOUS)', () => {
  beforeEach(() => local(A));

  it('a token names its key; after a rotation it still verifies with the previous key, and new ones use the new key', async () => {
    const old = await signAccess(claims);
    local(B, A);
    expect(await verifyAccess(old)).toEqual(claims);
    const fresh = await signAccess(claims);
    expect(kid(fresh)).not.toBe(kid(old));
    expect(await verifyAccess(fresh)).toEqual(claims);
    // The rotation after that drops A: its tokens are refused (401), B's still pass.
    local(C, B);
    await expect(verifyAccess(old)).rejects.toMatchObject({ code: 'ERR_UNAUTHENTICATED' });
    expect(await verifyAccess(fresh)).toEqual(claims);
  });

  it('an expired token is expired under any key; a forged signature is refused', async () => {
    const expired = await signAccess(claims, -5);
    local(B, A);
    await expect(verifyAccess(expired)).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
    const t = await signAccess(claims);
    await expect(verifyAccess(`${t.slice(0, -4)}AAAA`)).rejects.toMatchObject({ code: 'ERR_UNAUTHENTICATED' });
  });

  it('second-factor secrets sealed before a rotation still open during it, and with their own sealing secret across any', async () => {
    const legacy = await seal('JBSWY3DPEHPK3PXP');
    local(B, A);
    expect(await unseal(legacy)).toBe('JBSWY3DPEHPK3PXP');
    process.env.SEAL_SECRET = 'seal-seal-seal-seal-seal-seal-seal-0001';
    resetEnvCache();
    resetSecrets();
    const own = await seal('KRSXG5CTMVRXEZLU');
    local(C);
    process.env.SEAL_SECRET = 'seal-seal-seal-seal-seal-seal-seal-0001';
    resetEnvCache();
    resetSecrets();
    expect(await unseal(own)).toBe('KRSXG5CTMVRXEZLU');
  });
});

describe('JWT keys on AWS (the secret’s AWSCURRENT and AWSPREVIOUS versions)', () => {
  const sm = mockClient(SecretsManagerClient);
  const versions = { current: { VersionId: 'v1', SecretString: A } as { VersionId: string; SecretString: string }, previous: undefined as undefined | { VersionId: string; SecretString: string } };
  beforeEach(() => {
    sm.reset();
    delete process.env.JWT_SECRET;
    delete process.env.JWT_SECRET_PREVIOUS;
    process.env.JWT_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:111111111111:secret:jwt-AbCdEf';
    resetEnvCache();
    resetSecrets();
    versions.current = { VersionId: 'v1', SecretString: A };
    versions.previous = undefined;
    sm.on(GetSecretValueCommand).callsFake((input: { VersionStage?: string }) => {
      const v = input.VersionStage === 'AWSPREVIOUS' ? versions.previous : versions.current;
      if (!v) throw Object.assign(new Error('no such version'), { name: 'ResourceNotFoundException' });
      return v;
    });
  });
  afterAll(() => {
    sm.restore();
    delete process.env.JWT_SECRET_ARN;
  });

  it('signs with the current version (kid = its version id); an instance started before a rotation reads the ring again for a new kid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await signAccess(claims);
    expect(kid(before)).toBe('v1');
    // The operator rotates (put-secret-value): v2 current, v1 previous. This instance still holds v1 only.
    versions.previous = versions.current;
    versions.current = { VersionId: 'v2', SecretString: B };
    const calls = sm.commandCalls(GetSecretValueCommand).length;
    // Within a minute of its last read an unknown kid does not make it read again (a flood of made-up kids costs one read a minute).
    const { SignJWT: Sign } = await import('jose');
    const early = await new Sign({ cid: 3, sid: claims.family }).setProtectedHeader({ alg: 'HS256', kid: 'v2' }).setSubject('7').setExpirationTime('5m').sign(new TextEncoder().encode(B));
    await expect(verifyAccess(early)).rejects.toMatchObject({ code: 'ERR_UNAUTHENTICATED' });
    expect(sm.commandCalls(GetSecretValueCommand).length).toBe(calls);
    vi.setSystemTime(Date.now() + 61_000);
    // A token another (newer) instance signed with v2 makes this one read the ring once, then it verifies.
    const { SignJWT } = await import('jose');
    const fromNewer = await new SignJWT({ cid: 3, sid: claims.family }).setProtectedHeader({ alg: 'HS256', kid: 'v2' }).setSubject('7').setExpirationTime('5m').sign(new TextEncoder().encode(B));
    expect(await verifyAccess(fromNewer)).toEqual(claims);
    expect(sm.commandCalls(GetSecretValueCommand).length).toBe(calls + 2);
    expect(await verifyAccess(before)).toEqual(claims);
    expect(kid(await signAccess(claims))).toBe('v2');
    vi.useRealTimers();
  });
});
