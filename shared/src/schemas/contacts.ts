/** Contacts and ticket notes (spec 1 §3, §5, §7; spec 2 "Contacts list"). */
import { z } from 'zod';
import { Email, SearchPageQuery } from './common';

const Id = z.coerce.number().int().positive().max(2 ** 40);

export const ContactView = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  empresa: z.string(),
  channel: z.string(),
  isGroup: z.boolean(),
  profilePicUrl: z.string(),
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  /** Blocked contacts are `active: false` (spec 2 block/unblock). */
  active: z.boolean(),
  extraInfo: z.array(z.object({ id: z.string(), name: z.string(), value: z.string() })),
  presence: z.enum(['composing', 'recording', 'available', 'offer']).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactView = z.infer<typeof ContactView>;

/** Spec 1 §5: name 2–50, number 8–50 characters once stripped to digits, e-mail valid. */
const required = { error: (iss: { input: unknown }) => (iss.input === undefined ? 'Required' : undefined) };
export const ContactNumber = z
  .string(required)
  .transform((s) => s.replace(/\D/g, ''))
  .pipe(z.string().min(8, 'Too Short!').max(50, 'Too Long!'));
export const ExtraInfo = z.array(z.object({ name: z.string().trim().min(1).max(100), value: z.string().trim().max(1000) }).strict()).max(50);

export const ContactBody = z
  .object({
    name: z.string(required).trim().min(2, 'Too Short!').max(50, 'Too Long!'),
    number: ContactNumber,
    email: z.union([z.literal(''), Email]).default(''),
    empresa: z.string().trim().max(100).default(''),
    disableBot: z.boolean().default(false),
    acceptAudioMessage: z.boolean().default(true),
    extraInfo: ExtraInfo.default([]),
  })
  .strict();
export type ContactBody = z.infer<typeof ContactBody>;
export const UpdateContactBody = ContactBody.partial().strict();

export const ListContactsQuery = SearchPageQuery.extend({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  dateStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  dateEnd: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
export type ContactsPage = { contacts: ContactView[]; hasMore: boolean; cursor?: string; count: number };

export const BlockContactBody = z.object({ active: z.boolean() }).strict();

/** POST /contacts/upload: the key of an xlsx/xls/csv file uploaded by presigned URL. */
export const ImportContactsBody = z.object({ key: z.string().min(1).max(512) }).strict();
/** POST /contacts/import/chats: the connection whose session lists its chats (default: the company's default connection). */
export const ImportChatsBody = z.object({ whatsappId: Id.optional() }).strict();

/** `skipped` = invalid and duplicate rows, each in `errors` with its row number; `failure`: why the whole file was refused. */
export type ImportProgress = { jobId: string; total: number; done: number; created: number; skipped: number; errors: { row: number; error: string }[]; finished: boolean; failure?: string };

export type NoteView = { id: number; note: string; ticketId: number; contactId: number; userId: number; user: { id: number; name: string }; createdAt: string };
export const NoteBody = z.object({ note: z.string().trim().min(2, 'Too Short!').max(4096, 'Too Long!'), ticketId: Id, contactId: Id }).strict();
export const ListNotesQuery = z.object({ ticketId: Id.optional(), contactId: Id.optional() }).strict();

export const PhoneParam = z.object({ number: z.string().max(60) });

/** POST /contacts/by-number (the /n/{telefone} route): find or create the contact of a phone number. */
export const ContactByNumberBody = z.object({ number: ContactNumber, name: z.string().trim().min(2).max(50).optional() }).strict();
