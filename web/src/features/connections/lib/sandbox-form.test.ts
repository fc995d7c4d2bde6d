import { describe, expect, it } from 'vitest';
import { buildSandboxBody } from './sandbox-form';

describe('sandbox phone form', () => {
  it('from: digits, 8 to 20 (formatting stripped); body required', () => {
    expect(buildSandboxBody({ from: '+55 (11) 99999-0001', name: ' Ana ', body: 'Oi' })).toEqual({ ok: true, body: { from: '5511999990001', name: 'Ana', body: 'Oi' } });
    expect(buildSandboxBody({ from: '1234', name: '', body: 'Oi' })).toMatchObject({ ok: false, errors: { from: 'connections.sandbox.fromInvalid' } });
    expect(buildSandboxBody({ from: '', name: '', body: '' })).toMatchObject({ ok: false, errors: { from: 'validation.required', body: 'validation.required' } });
  });
});
