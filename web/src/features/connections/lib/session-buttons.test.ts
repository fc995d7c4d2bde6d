import { describe, expect, it } from 'vitest';
import { sessionButtons } from './session-buttons';

describe('session column (spec 2 §4)', () => {
  it.each([
    ['qrcode', ['qrcode']],
    ['DISCONNECTED', ['tryAgain', 'newQr']],
    ['CONNECTED', ['disconnect']],
    ['PAIRING', ['disconnect']],
    ['TIMEOUT', ['disconnect']],
    ['OPENING', ['connecting']],
  ] as const)('%s → %j', (status, buttons) => {
    expect(sessionButtons(status, 'whatsapp')).toEqual(buttons);
    expect(sessionButtons(status, 'sandbox')).toEqual(buttons);
  });

  it('channels without a session (Cloud API, Facebook, Instagram) have no session buttons', () => {
    expect(sessionButtons('CONNECTED', 'wppoficial')).toEqual([]);
    expect(sessionButtons('DISCONNECTED', 'facebook')).toEqual([]);
    expect(sessionButtons('qrcode', 'instagram')).toEqual([]);
  });
});
