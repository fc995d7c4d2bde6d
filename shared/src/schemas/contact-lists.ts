/**
 * Contact lists and their items (spec 3 "Contact lists page", "Contact list items page", §3
 * ContactList and ContactListItem, §5, §7 "Contact lists"): the recipients a campaign sends to.
 * A list's `contactsCount` is a counter kept in its items' write transactions.
 */
import { z } from 'zod';
import { Email, Name, PageQuery } from './common';

const Id = z.number().int().positive().max(2 ** 40);
const required = { error: (iss: { input: unknown }) => (iss.input === undefined ? 'Required' : undefined) };

/** Spec 3 §5: 2 to 50 ('Too Short!', 'Too Long!', 'Required'). */
const ListName = z.string(required).trim().min(1, 'Required').pipe(Name);

export const ContactListBody = z.object({ name: ListName }).strict();
export type ContactListBody = z.infer<typeof ContactListBody>;

export const ContactListView = z.object({ id: z.number(), name: z.string(), contactsCount: z.number(), createdAt: z.string(), updatedAt: z.string() });
export type ContactListView = z.infer<typeof ContactListView>;
export type ContactListsPage = { records: ContactListView[]; hasMore: boolean; cursor?: string };

export const ListContactListsQuery = PageQuery.extend({ searchParam: z.string().max(200).optional() }).strict();

/** 'WhatsApp-valid' of an item: true / false when its channel answered, null while unknown. */
export const ContactListItemView = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  empresa: z.string(),
  isWhatsappValid: z.boolean().nullable(),
  companyId: z.number(),
  contactListId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListItemView = z.infer<typeof ContactListItemView>;
export type ContactListItemsPage = { contacts: ContactListItemView[]; hasMore: boolean; cursor?: string };

/** Spec 3 §5: name 2 to 50 required; number 8 to 50 (digits kept); e-mail valid or empty. */
export const ItemNumber = z
  .string(required)
  .transform((s) => s.replace(/\D/g, ''))
  .pipe(z.string().min(8, 'Too Short!').max(50, 'Too Long!'));
export const ContactListItemFields = z.object({
  name: ListName,
  number: ItemNumber,
  email: z.union([z.literal(''), Email]).default(''),
  empresa: z.string().trim().max(100).default(''),
});
/** POST /contact-list-items: the fields and the list (the company is the caller's; a `companyId` sent is ignored). */
export const ContactListItemBody = ContactListItemFields.extend({ contactListId: Id, companyId: z.number().optional() }).strict();
export type ContactListItemBody = z.infer<typeof ContactListItemBody>;
export const UpdateContactListItemBody = ContactListItemFields.partial().extend({ contactListId: Id.optional(), companyId: z.number().optional() }).strict();
export type UpdateContactListItemBody = z.infer<typeof UpdateContactListItemBody>;

export const ListContactListItemsQuery = PageQuery.extend({ searchParam: z.string().max(200).optional(), contactListId: z.coerce.number().int().positive().max(2 ** 40) }).strict();

/** POST /contact-lists/{id}/upload: the uploaded spreadsheet (a storage key of the company's uploads). */
export const ContactListUploadBody = z.object({ key: z.string().min(1).max(1024) }).strict();
export const ListUploadParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 40), jobId: z.string().uuid() });

/** The example spreadsheet's header and rows (the download on both pages). */
export const CONTACT_LIST_SAMPLE = {
  header: ['Nome', 'Numero', 'Email', 'Empresa'],
  rows: [
    ['Maria Silva', '5511999990001', 'maria@exemplo.com.br', 'Loja da Maria'],
    ['João Souza', '5521988880002', '', ''],
  ],
} as const;

/**
 * The sandbox channel's own answer to "does this number have a WhatsApp account": every number of
 * 10 to 15 digits has one except those ending in 000 (so a demo or a test can make invalid ones).
 */
export const sandboxHasAccount = (digits: string): boolean => /^\d{10,15}$/.test(digits) && !digits.endsWith('000');
