import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.schema';

describe('environment (parsed with zod when Vite starts)', () => {
  it('defaults the API base and ignores unrelated variables', () => {
    expect(parseEnv({ VITE_OTHER: 'x', VITE_WS_URL: '' })).toEqual({ VITE_API_URL: '/api' });
  });
  it('fails loudly, listing every bad variable', () => {
    expect(() => parseEnv({ VITE_WS_URL: 'http://x', VITE_SUPPORT_WHATSAPP: '+55 11' })).toThrow(/VITE_WS_URL: must start with ws:\/\/ or wss:\/\/\n {2}VITE_SUPPORT_WHATSAPP: digits only/);
  });
});
