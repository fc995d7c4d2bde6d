import { describe, expect, it } from 'vitest';
import { AUDIT_MASK } from '@conversa/shared/schemas/audit';
import { changedFields } from './record-audit';

describe('what an audit entry keeps', () => {
  it('only the changed fields of an edit, bookkeeping left out', () => {
    const before = { id: 1, name: 'Ana', email: 'a@x.test', queueIds: [1], updatedAt: '2026-01-01', rev: 3 };
    const after = { id: 1, name: 'Ana Maria', email: 'a@x.test', queueIds: [1, 2], updatedAt: '2026-01-02', rev: 4 };
    expect(changedFields(before, after)).toEqual({ before: { name: 'Ana', queueIds: [1] }, after: { name: 'Ana Maria', queueIds: [1, 2] } });
  });

  it('every field of a create or a delete', () => {
    expect(changedFields(undefined, { id: 5, name: 'Fila', color: '#fff', greetingMessage: '', typebotUrl: null, schedules: [] })).toEqual({ after: { name: 'Fila', color: '#fff' } });
    expect(changedFields({ id: 5, name: 'Fila' }, undefined)).toEqual({ before: { name: 'Fila' } });
  });

  it('never a password, token, secret, API key or second factor: their change shows, masked', () => {
    const out = changedFields(
      { passwordHash: 'scrypt$1', token: 'abc', tokenFlow: '', apiKeyTypeBot: 'k1', totp: { secret: 's' }, provider: { accessToken: 'EAAB' } },
      { passwordHash: 'scrypt$2', token: 'def', tokenFlow: 'tf', apiKeyTypeBot: 'k2', provider: { accessToken: 'EAAC' } },
    );
    expect(out.before).toEqual({ passwordHash: AUDIT_MASK, token: AUDIT_MASK, tokenFlow: '', apiKeyTypeBot: AUDIT_MASK, totp: AUDIT_MASK, provider: { accessToken: AUDIT_MASK } });
    expect(JSON.stringify(out)).not.toMatch(/scrypt|abc|def|"tf"|k1|k2|EAA/);
  });

  it('a secret setting is masked whole; long values are cut', () => {
    expect(changedFields({ value: 'old-key' }, { value: 'new-key' }, true)).toEqual({ before: { value: AUDIT_MASK }, after: { value: AUDIT_MASK } });
    const long = changedFields({ greetingMessage: '' }, { greetingMessage: 'x'.repeat(1000) });
    expect(String(long.after!.greetingMessage)).toHaveLength(301);
  });
});
