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

describe('support chat link', () => {
  it('the chat URL, else WhatsApp with the support number, else none', async () => {
    const { supportChatUrl } = await import('./env');
    expect(supportChatUrl({ VITE_API_URL: '/api', VITE_SUPPORT_CHAT_URL: 'https://chat.example.com/x' })).toBe('https://chat.example.com/x');
    expect(supportChatUrl({ VITE_API_URL: '/api', VITE_SUPPORT_WHATSAPP: '5511999990000' })).toBe('https://wa.me/5511999990000');
    expect(supportChatUrl({ VITE_API_URL: '/api' })).toBeUndefined();
  });
});
