import { z } from 'zod';
import { PROFILES } from '../roles';
import { Email, Name, Password, SearchPageQuery, TimeHHMM } from './common';

const fields = {
  name: Name,
  email: Email,
  profile: z.enum(PROFILES).default('user'),
  queueIds: z.array(z.number().int().positive()).max(200).default([]),
  whatsappId: z.number().int().positive().nullable().default(null),
  startWork: TimeHHMM.default('00:00'),
  endWork: TimeHHMM.default('23:59'),
  farewellMessage: z.string().max(1000).default(''),
  allUserChat: z.boolean().default(false),
};

export const CreateUserBody = z.object({ ...fields, password: Password }).strict();
export const UpdateUserBody = z
  .object({
    name: fields.name,
    email: fields.email,
    profile: z.enum(PROFILES),
    queueIds: z.array(z.number().int().positive()).max(200),
    whatsappId: z.number().int().positive().nullable(),
    startWork: TimeHHMM,
    endWork: TimeHHMM,
    farewellMessage: z.string().max(1000),
    allUserChat: z.boolean(),
    password: Password,
  })
  .partial()
  .strict();

export const UsersQuery = SearchPageQuery;
export type CreateUserBody = z.infer<typeof CreateUserBody>;
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;
