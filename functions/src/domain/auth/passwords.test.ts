import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt, salted, and verifies', async () => {
    const a = await hashPassword('Conversa123');
    const b = await hashPassword('Conversa123');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Conversa123', a)).toBe(true);
    expect(await verifyPassword('conversa123', a)).toBe(false);
    expect(await verifyPassword('Conversa123', 'garbage')).toBe(false);
  });
});
