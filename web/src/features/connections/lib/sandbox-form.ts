/** The sandbox "phone" form: who writes (digits, 8–20), their name and the text. */
import { SandboxInboundBody } from '@conversa/shared/schemas/sandbox';
import { validate, type FieldErrors } from '../../../lib/validation';

export type SandboxFormValues = { from: string; name: string; body: string };
export type SandboxFormField = keyof SandboxFormValues;

export const emptySandboxForm: SandboxFormValues = { from: '5511999990001', name: 'Cliente Teste', body: '' };

export function buildSandboxBody(v: SandboxFormValues): { ok: true; body: SandboxInboundBody } | { ok: false; errors: FieldErrors<SandboxFormField> } {
  const r = validate(SandboxInboundBody, { from: v.from.replace(/\D/g, ''), name: v.name.trim(), body: v.body }, ['from', 'body']);
  if (!r.ok) {
    const errors: FieldErrors<SandboxFormField> = {};
    for (const [k, m] of Object.entries(r.errors)) if (m && k in v) errors[k as SandboxFormField] = k === 'from' && m !== 'validation.required' ? 'connections.sandbox.fromInvalid' : m;
    return { ok: false, errors };
  }
  return { ok: true, body: r.data };
}
