import { describe, expect, it } from 'vitest';
import { signBody, validSignature } from './graph-signature';

describe('webhook signature', () => {
  const body = Buffer.from('{"object":"page","entry":[]}');

  it('accepts the HMAC-SHA256 of the raw body with the app secret, in any hex case', () => {
    const sig = signBody(body, 's3cret');
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(validSignature(body, sig, 's3cret')).toBe(true);
    expect(validSignature(body, 'sha256=' + sig.slice(7).toUpperCase(), 's3cret')).toBe(true);
  });

  it('refuses another secret, another body, a missing or malformed header and a missing secret', () => {
    const sig = signBody(body, 's3cret');
    expect(validSignature(body, sig, 'other')).toBe(false);
    expect(validSignature(Buffer.from('{"object":"page","entry":[] }'), sig, 's3cret')).toBe(false);
    expect(validSignature(body, undefined, 's3cret')).toBe(false);
    expect(validSignature(body, 'sha1=abc', 's3cret')).toBe(false);
    expect(validSignature(body, sig.slice(0, -2), 's3cret')).toBe(false);
    expect(validSignature(body, sig, undefined)).toBe(false);
  });
});
