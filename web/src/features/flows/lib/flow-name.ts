/** The add/rename modal's rule (spec 3 §5): required 'Digite um nome!', 2 to 50 'Muito curto!' / 'Muito longo!'. */
import { FlowName } from '@conversa/shared/schemas/flows';

const KEYS: Record<string, string> = { 'Digite um nome!': 'nameModal.required', 'Muito curto!': 'nameModal.tooShort', 'Muito longo!': 'nameModal.tooLong' };

/** The trimmed name, or the i18n key (under `flows.`) of what is wrong. */
export function checkFlowName(raw: string): { ok: true; name: string } | { ok: false; error: string } {
  const r = FlowName.safeParse(raw);
  return r.success ? { ok: true, name: r.data } : { ok: false, error: KEYS[r.error.issues[0]!.message] ?? 'errors.invalid' };
}

/** Spec 3 §9: the list shows 10 per page, paginated on the client. */
export const FLOWS_PAGE_SIZE = 10;

export function pageOf<T>(rows: readonly T[], page: number, size = FLOWS_PAGE_SIZE): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const p = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((p - 1) * size, p * size), page: p, pages };
}

/** Spec 3 §9: the flow builder's toasts stay 3000 ms. */
export const FLOW_TOAST_MS = 3000;
