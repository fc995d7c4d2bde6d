import { z } from 'zod';
import { PROFILES } from '../roles';
import { TIERS, PLAN_FLAGS } from '../plans';
import { RECURRENCES } from '../constants';
import { Email, Name, Password, StrongPassword } from './common';

export const LoginBody = z.object({ email: Email, password: z.string().min(1, 'Required').max(200) });

export const SignupBody = z.object({
  companyName: z.string().trim().min(2, 'Muito curto!').max(50, 'Muito extenso!'),
  name: z.string().trim().min(2, 'Muito curto!').max(50, 'Muito extenso!'),
  email: z.string().trim().toLowerCase().max(254).email('Email inválido'),
  password: Password,
  phone: z.string().trim().max(30).regex(/^[\d\s()+-]*$/, 'digits only').optional().default(''),
  planId: z.number().int().positive(),
  recurrence: z.enum(RECURRENCES).optional().default('MENSAL'),
});

export const ForgetPasswordParams = z.object({ email: Email });
export const ResetPasswordParams = z.object({
  email: Email,
  token: z.string().regex(/^\d{6}$/, 'ERR_INVALID_RESET_CODE'),
  newPassword: StrongPassword,
});

const PlanFlagsShape = Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean()])) as Record<(typeof PLAN_FLAGS)[number], z.ZodBoolean>;

export const CompanyView = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string().nullable(),
  recurrence: z.enum(RECURRENCES).optional(),
  status: z.boolean(),
  planId: z.number(),
  plan: z.object({ id: z.number(), name: z.string(), tier: z.enum(TIERS), users: z.number(), connections: z.number(), queues: z.number(), amount: z.number(), ...PlanFlagsShape }),
  settings: z.array(z.object({ key: z.string(), value: z.string() })),
  /** What the company has switched on through a secret setting, said without the secret (audio transcription: a groqApiKey). */
  features: z.object({ transcription: z.boolean() }),
});
export type CompanyView = z.infer<typeof CompanyView>;

export const UserView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(PROFILES),
  super: z.boolean(),
  companyId: z.number(),
  queueIds: z.array(z.number()),
  whatsappId: z.number().nullable(),
  startWork: z.string(),
  endWork: z.string(),
  farewellMessage: z.string(),
  allUserChat: z.boolean(),
  online: z.boolean(),
  createdAt: z.string(),
  /** A TOTP second factor is enrolled. */
  twoFactor: z.boolean().optional(),
});
export type UserView = z.infer<typeof UserView>;

export const SessionAnswer = z.object({ token: z.string(), user: UserView.extend({ company: CompanyView }) });
export type SessionAnswer = z.infer<typeof SessionAnswer>;

export { Name };
