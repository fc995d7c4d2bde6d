/** The new-ticket and new-group rules of spec 1 §5, as pure checks. */
export type NewTicketInput = { contactId?: number; queueId: number | null; whatsappId?: number };

/** The error text key, or undefined when the ticket may be created. */
export function newTicketError(v: NewTicketInput, queueRequired: boolean): 'tickets.new.contactRequired' | 'tickets.new.queueRequired' | undefined {
  if (v.contactId === undefined) return 'tickets.new.contactRequired';
  if (queueRequired && v.queueId === null) return 'tickets.new.queueRequired';
  return undefined;
}

export type NewGroupInput = { contactIds: number[]; title: string; queueId: number | null; whatsappId?: number };

/** 'Todos os campos são obrigatórios': contacts, group name, queue and connection. */
export function newGroupComplete(v: NewGroupInput): boolean {
  return v.contactIds.length > 0 && v.title.trim().length > 0 && v.queueId !== null && v.whatsappId !== undefined;
}
