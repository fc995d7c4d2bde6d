import { describe, expect, it } from 'vitest';
import { CreateConnectionBody } from '@conversa/shared/schemas/connections';
import { autoDecision, autoFlag, recreateBody } from './auto-behaviour';
import { makeConnection } from '../../../test/make-connection';

describe('auto-behaviour decision (spec 2 §4)', () => {
  const one = (patch: Parameters<typeof makeConnection>[0]) => [makeConnection(patch)];

  it('does nothing without the flag, with a dialog open, or with zero or several connections', () => {
    expect(autoDecision({ auto: false, connections: one({ status: 'qrcode' }), dialogOpen: false })).toEqual({ kind: 'none' });
    expect(autoDecision({ auto: true, connections: one({ status: 'qrcode' }), dialogOpen: true })).toEqual({ kind: 'none' });
    expect(autoDecision({ auto: true, connections: [], dialogOpen: false })).toEqual({ kind: 'none' });
    expect(autoDecision({ auto: true, connections: undefined, dialogOpen: false })).toEqual({ kind: 'none' });
    const two = [makeConnection({ status: 'qrcode' }), makeConnection({ id: 2, status: 'DISCONNECTED' })];
    expect(autoDecision({ auto: true, connections: two, dialogOpen: false })).toEqual({ kind: 'none' });
  });

  it('leaves CONNECTED and OPENING alone', () => {
    expect(autoDecision({ auto: true, connections: one({ status: 'CONNECTED' }), dialogOpen: false })).toEqual({ kind: 'none' });
    expect(autoDecision({ auto: true, connections: one({ status: 'OPENING' }), dialogOpen: false })).toEqual({ kind: 'none' });
  });

  it('opens the QR dialog when the one connection shows a QR', () => {
    expect(autoDecision({ auto: true, connections: one({ id: 7, status: 'qrcode' }), dialogOpen: false })).toEqual({ kind: 'openQr', id: 7 });
  });

  it.each(['DISCONNECTED', 'TIMEOUT', 'PAIRING'] as const)('recreates it when %s', (status) => {
    const d = autoDecision({ auto: true, connections: one({ status, channel: 'sandbox' }), dialogOpen: false });
    expect(d.kind).toBe('recreate');
  });

  it('does not recreate a channel whose credentials the list cannot give back', () => {
    expect(autoDecision({ auto: true, connections: one({ status: 'DISCONNECTED', channel: 'wppoficial' }), dialogOpen: false })).toEqual({ kind: 'none' });
  });

  it('recreates with the same settings, as the default, and the server accepts the body', () => {
    const c = makeConnection({ channel: 'sandbox', isDefault: false, status: 'DISCONNECTED', name: 'Teste', queueIds: [3] });
    const body = recreateBody(c);
    expect(body).toEqual({
      name: 'Teste', channel: 'sandbox', isDefault: true, greetingMessage: 'Olá!', complationMessage: 'Até logo', outOfHoursMessage: 'Fora do horário',
      ratingMessage: 'Avalie', token: 'tok_123', queueIds: [3], reopenWindowMinutes: 30, allowGroups: true,
    });
    expect(CreateConnectionBody.safeParse(body).success).toBe(true);
  });

  it('the flag comes from ?auto=1, else from the local flag', () => {
    expect(autoFlag('?auto=1', null)).toBe(true);
    expect(autoFlag('?auto=0', '1')).toBe(false);
    expect(autoFlag('', '1')).toBe(true);
    expect(autoFlag('', 'true')).toBe(true);
    expect(autoFlag('', null)).toBe(false);
    expect(autoFlag('?x=1', 'false')).toBe(false);
  });
});
