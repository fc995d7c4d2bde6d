import { useMutation } from '@tanstack/react-query';
import type { ContactView } from '@conversa/shared/schemas/contacts';
import { api } from '../../../lib/api';

/** POST /contacts/by-number (the /n/{telefone} route): finds or creates the contact of a phone number. */
export const contactByNumber = (number: string): Promise<ContactView> => api.post<ContactView>('/contacts/by-number', { number });

export function useContactByNumber() {
  return useMutation({ mutationFn: contactByNumber, meta: { silent: true } });
}
