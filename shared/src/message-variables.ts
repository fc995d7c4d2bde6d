/**
 * Message variables (spec 1 §9, spec 3 §6): `{{name}}` placeholders an agent types or a quick
 * reply carries, filled in by the server when the message is sent. Unknown names stay as typed,
 * so a customer never sees a half-rendered text. Names are case-insensitive.
 *
 *   {{firstName}}   the contact's first name        {{name}}        the contact's name
 *   {{agent}}       the agent's name                {{greeting}}    Bom dia / Boa tarde / Boa noite
 *   {{protocol}}    yyyyMMdd of the ticket + its id  {{date}}        dd/MM/yyyy
 *   {{hour}}        HH:mm                           {{ticketId}}    the ticket's id
 *   {{queue}}       the ticket's queue name         {{connection}}  the connection's name
 */
export const MESSAGE_VARIABLES = ['firstName', 'name', 'agent', 'greeting', 'protocol', 'date', 'hour', 'ticketId', 'queue', 'connection'] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

/** The chip text of a variable (quick-reply dialog, input). */
export const variableToken = (v: MessageVariable): string => `{{${v}}}`;

export type VariableContext = {
  contactName: string;
  agentName: string;
  ticketId: number;
  /** When the ticket was opened: the protocol's date. */
  ticketCreatedAt: string | Date;
  queueName?: string | null;
  connectionName?: string | null;
  now?: Date;
  /** IANA zone for greeting, date and hour; Brazil's by default. */
  timeZone?: string;
};

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

function parts(d: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const out = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(d);
  const get = (t: string) => out.find((p) => p.type === t)?.value ?? '00';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** Bom dia from 05:00, Boa tarde from 12:00, Boa noite from 18:00 until 04:59. */
export function greetingAt(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

export function variableValues(c: VariableContext): Record<MessageVariable, string> {
  const tz = c.timeZone ?? DEFAULT_TIME_ZONE;
  const now = parts(c.now ?? new Date(), tz);
  const opened = parts(new Date(c.ticketCreatedAt), tz);
  const name = c.contactName.trim();
  return {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    agent: c.agentName,
    greeting: greetingAt(Number(now.hour)),
    protocol: `${opened.year}${opened.month}${opened.day}${c.ticketId}`,
    date: `${now.day}/${now.month}/${now.year}`,
    hour: `${now.hour}:${now.minute}`,
    ticketId: String(c.ticketId),
    queue: c.queueName ?? '',
    connection: c.connectionName ?? '',
  };
}

const byLowerName = new Map<string, MessageVariable>(MESSAGE_VARIABLES.map((v) => [v.toLowerCase(), v]));

/** Replaces every known `{{variable}}` (spaces inside the braces allowed); leaves anything else. */
export function renderVariables(text: string, c: VariableContext): string {
  if (!text.includes('{{')) return text;
  let values: Record<MessageVariable, string> | undefined;
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, raw: string) => {
    const v = byLowerName.get(raw.toLowerCase());
    if (!v) return whole;
    values ??= variableValues(c);
    return values[v];
  });
}
