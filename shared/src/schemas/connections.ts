import { z } from 'zod';
import { CHANNELS } from '../channels';

const message = z.string().max(4096);

const fields = {
  name: z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  isDefault: z.boolean(),
  greetingMessage: message,
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  /** Integrators' bearer token for this connection (spec 2: token length rule). */
  token: z.string().regex(/^[A-Za-z0-9_-]{0,120}$/, 'letters, digits, - and _ only, up to 120'),
  queueIds: z.array(z.number().int().positive()).max(100),
  reopenWindowMinutes: z.number().int().min(0).max(7 * 24 * 60),
  allowGroups: z.boolean(),
  /** Flows (BEHAVIOUR.md "Flows"): the welcome flow for a contact's first ticket, and the "no phrase" flow for any new ticket; null = none. */
  flowIdWelcome: z.number().int().positive().nullable(),
  flowIdNotPhrase: z.number().int().positive().nullable(),
};

/**
 * A secret a tenant gives (a Cloud API access token, an app secret): the value itself, printable
 * and without spaces. The server keeps it under a name it derives from the company and the
 * connection; a tenant never names a secret, a reference or an environment variable.
 */
export const SecretValue = z.string().trim().min(8, 'Too Short!').max(2048, 'Too Long!').regex(/^[\x21-\x7e]+$/, 'letters, digits and symbols only');

/** POST /whatsapp: Facebook and Instagram are added through POST /facebook. */
export const CreateConnectionBody = z
  .object({
    ...fields,
    channel: z.enum(['whatsapp', 'sandbox', 'wppoficial']).default('whatsapp'),
    provider: z.object({ phoneNumberId: z.string().regex(/^\d{5,30}$/), wabaId: z.string().regex(/^\d{5,30}$/).optional(), accessToken: SecretValue, appSecret: SecretValue.optional() }).strict().optional(),
  })
  .partial({ isDefault: true, greetingMessage: true, complationMessage: true, outOfHoursMessage: true, ratingMessage: true, token: true, queueIds: true, reopenWindowMinutes: true, allowGroups: true, flowIdWelcome: true, flowIdNotPhrase: true })
  .strict();
export type CreateConnectionBody = z.infer<typeof CreateConnectionBody>;

/** PUT /whatsapp/{id}; `provider` gives a Cloud API connection new secret values (absent ones stay). */
export const UpdateConnectionBody = z
  .object({ ...fields, provider: z.object({ accessToken: SecretValue, appSecret: SecretValue }).partial().strict() })
  .partial()
  .strict();
export type UpdateConnectionBody = z.infer<typeof UpdateConnectionBody>;

export const ConnectionsQuery = z.object({ session: z.enum(['0', '1']).optional(), companyId: z.coerce.number().int().positive().optional() });

export { CHANNELS };
