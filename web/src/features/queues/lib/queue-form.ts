/**
 * The queue modal's rules (spec 2 §5 and the shared schemas): name 2–50, colour 3–9 (a hex colour;
 * unique — the server answers ERR_QUEUE_COLOR_ALREADY_EXISTS), typebot/flow fields 2–100 or empty,
 * order 0–999 or empty, the option tree (names ≥ 4 'muito curto') and, when the hours tab is shown
 * and was edited, the seven weekday rows.
 */
import type { z } from 'zod';
import { QueueBody, UpdateQueueBody, type QueueView } from '@conversa/shared/schemas/queues';
import { buildSchedules, scheduleRows, type ScheduleErrors, type ScheduleRow } from '../../../lib/schedules';
import { validate, type FieldErrors } from '../../../lib/validation';
import { draftsFromView, treeErrors, treeInput, type OptionDraft } from './chatbot-tree';
import { isHexColor } from '../../../lib/color';

export type QueueFormValues = {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: string;
  typebotUrl: string;
  typebotName: string;
  urlFlow: string;
  tokenFlow: string;
  /** The flow builder's flow a ticket starts on entering the queue: its id, '' = none. */
  flowId: string;
  chatbots: OptionDraft[];
  hours: ScheduleRow[];
  /** Hours are sent only once edited (no entries = always open, which the rows cannot show). */
  hoursTouched: boolean;
};
export type QueueFormField = Exclude<keyof QueueFormValues, 'chatbots' | 'hours' | 'hoursTouched'>;

export const DEFAULT_QUEUE_COLOR = '#0B7A75';

export const emptyQueueForm = (): QueueFormValues => ({
  name: '',
  color: DEFAULT_QUEUE_COLOR,
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: '',
  typebotUrl: '',
  typebotName: '',
  urlFlow: '',
  tokenFlow: '',
  flowId: '',
  chatbots: [],
  hours: scheduleRows([]),
  hoursTouched: false,
});

export function formFromQueue(q: QueueView): QueueFormValues {
  return {
    name: q.name,
    color: q.color,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    orderQueue: q.orderQueue === null ? '' : String(q.orderQueue),
    typebotUrl: q.typebotUrl ?? '',
    typebotName: q.typebotName ?? '',
    urlFlow: q.urlFlow ?? '',
    tokenFlow: q.tokenFlow ?? '',
    flowId: q.flowId ? String(q.flowId) : '',
    chatbots: draftsFromView(q.chatbots),
    hours: scheduleRows(q.schedules),
    hoursTouched: false,
  };
}

/** A CSS hex colour: #rgb, #rrggbb or #rrggbbaa. */
export { isHexColor };

type Body = z.input<typeof QueueBody> | z.input<typeof UpdateQueueBody>;
export type QueueFormResult =
  | { ok: true; body: Body }
  | { ok: false; errors: FieldErrors<QueueFormField>; optionErrors: Record<string, string>; hoursErrors: ScheduleErrors };

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** `flows`: the plan has the flow builder, so the flow pick is shown and sent. */
export function buildQueueBody(v: QueueFormValues, mode: 'create' | 'edit', hoursShown: boolean, flows = false): QueueFormResult {
  const order = v.orderQueue.trim();
  const body: Record<string, unknown> = {
    name: v.name.trim(),
    color: v.color.trim(),
    greetingMessage: v.greetingMessage,
    outOfHoursMessage: v.outOfHoursMessage,
    orderQueue: order === '' ? null : Number(order),
    typebotUrl: orNull(v.typebotUrl),
    typebotName: orNull(v.typebotName),
    urlFlow: orNull(v.urlFlow),
    tokenFlow: orNull(v.tokenFlow),
    chatbots: treeInput(v.chatbots),
    ...(flows ? { flowId: v.flowId ? Number(v.flowId) : null } : {}),
  };
  const errors: FieldErrors<QueueFormField> = {};
  let hoursErrors: ScheduleErrors = {};
  if (hoursShown && v.hoursTouched) {
    const s = buildSchedules(v.hours);
    if (s.ok) body.schedules = s.schedules;
    else hoursErrors = s.errors;
  }
  if (order !== '' && !/^\d{1,3}$/.test(order)) errors.orderQueue = 'queues.modal.orderRange';
  if (v.color.trim() && !isHexColor(v.color)) errors.color = 'queues.modal.invalidColor';

  // The tree's own messages come from treeErrors; the schema checks everything else.
  const r = validate(mode === 'create' ? QueueBody : UpdateQueueBody, { ...body, chatbots: [] }, ['name', 'color']);
  if (!r.ok) for (const [k, m] of Object.entries(r.errors)) if (m && !errors[k as QueueFormField]) errors[k as QueueFormField] = m;
  const optionErrors = treeErrors(v.chatbots);
  if (Object.keys(errors).length || Object.keys(optionErrors).length || Object.keys(hoursErrors).length) return { ok: false, errors, optionErrors, hoursErrors };
  return { ok: true, body: body as Body };
}
