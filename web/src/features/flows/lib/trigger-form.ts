/** The phrase trigger dialog's rules: the contract's FlowTriggerBody ('Muito curto!', 'Muito longo!', 'Obrigatório'). */
import { FlowTriggerBody, type FlowTriggerView } from '@conversa/shared/schemas/flows';

export type TriggerFormValues = { name: string; phrase: string; matchType: 'exact' | 'partial'; flowId: string; whatsappId: string; status: boolean };
export type TriggerField = keyof TriggerFormValues;

export const emptyTrigger = (): TriggerFormValues => ({ name: '', phrase: '', matchType: 'exact', flowId: '', whatsappId: '', status: true });

export const triggerValues = (t: FlowTriggerView): TriggerFormValues => ({ name: t.name, phrase: t.phrase, matchType: t.matchType, flowId: String(t.flowId), whatsappId: String(t.whatsappId), status: t.status });

const KEYS: Record<string, string> = { 'Muito curto!': 'nameModal.tooShort', 'Muito longo!': 'nameModal.tooLong', Obrigatório: 'errors.required' };

/** The body, or per field the i18n key (under `flows.`) of what is wrong. */
export function buildTrigger(v: TriggerFormValues) {
  const r = FlowTriggerBody.safeParse({ name: v.name, phrase: v.phrase, matchType: v.matchType, flowId: v.flowId ? Number(v.flowId) : undefined, whatsappId: v.whatsappId ? Number(v.whatsappId) : undefined, status: v.status });
  if (r.success) return { ok: true as const, body: r.data };
  const errors: Partial<Record<TriggerField, string>> = {};
  for (const issue of r.error.issues) {
    const f = String(issue.path[0]) as TriggerField;
    errors[f] ??= KEYS[issue.message] ?? (f === 'flowId' || f === 'whatsappId' ? 'errors.required' : 'errors.invalid');
  }
  return { ok: false as const, errors };
}
