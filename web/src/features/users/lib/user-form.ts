/**
 * The user modal's rules (spec 1 §5, §6; spec 2 §5): name 2–50, e-mail, password 5–50 (required
 * on create), confirmation equal; profile and queues only with permission; non-admins cannot
 * change their own name or e-mail (nor working hours).
 */
import type { z } from 'zod';
import { can, isAdmin, type Principal, type Profile } from '@conversa/shared/roles';
import { CreateUserBody, UpdateUserBody } from '@conversa/shared/schemas/users';
import type { UserView } from '@conversa/shared/schemas/auth';
import { validate, type FieldErrors } from '../../../lib/validation';

export type UserFormValues = {
  name: string;
  email: string;
  password: string;
  confirm: string;
  profile: Profile;
  queueIds: number[];
  whatsappId: number | null;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  allUserChat: boolean;
};

export type UserFormField = keyof UserFormValues;

export const emptyUserForm: UserFormValues = {
  name: '',
  email: '',
  password: '',
  confirm: '',
  profile: 'user',
  queueIds: [],
  whatsappId: null,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  allUserChat: false,
};

export function formFromUser(u: UserView): UserFormValues {
  return {
    ...emptyUserForm,
    name: u.name,
    email: u.email,
    profile: u.profile,
    queueIds: u.queueIds,
    whatsappId: u.whatsappId,
    startWork: u.startWork || '00:00',
    endWork: u.endWork || '23:59',
    farewellMessage: u.farewellMessage ?? '',
    allUserChat: u.allUserChat,
  };
}

export type UserFormPermissions = {
  identity: boolean; // name, e-mail
  profile: boolean;
  queues: boolean;
  hours: boolean;
  allUserChat: boolean;
};

export function userFormPermissions(me: Principal): UserFormPermissions {
  const admin = isAdmin(me);
  return {
    identity: admin,
    profile: can(me, 'user-modal:editProfile'),
    queues: can(me, 'user-modal:editQueues'),
    hours: admin,
    allUserChat: admin,
  };
}

export type UserFormResult =
  | { ok: true; body: z.output<typeof CreateUserBody> | z.output<typeof UpdateUserBody> }
  | { ok: false; errors: FieldErrors };

/** Validates the form and builds the request body with only the fields the editor may set. */
export function buildUserBody(values: UserFormValues, mode: 'create' | 'edit', perms: UserFormPermissions): UserFormResult {
  const body: Record<string, unknown> = {};
  if (mode === 'create' || perms.identity) {
    body.name = values.name;
    body.email = values.email;
  }
  if (mode === 'create' || values.password) body.password = values.password;
  if (perms.profile) body.profile = values.profile;
  if (perms.queues) {
    body.queueIds = values.queueIds;
    body.whatsappId = values.whatsappId;
  }
  if (perms.hours) {
    body.startWork = values.startWork;
    body.endWork = values.endWork;
  }
  if (perms.allUserChat) body.allUserChat = values.allUserChat;
  body.farewellMessage = values.farewellMessage;

  const schema = mode === 'create' ? CreateUserBody : UpdateUserBody;
  const required = [
    ...(mode === 'create' || perms.identity ? (['name', 'email'] as const) : []),
    ...(mode === 'create' ? (['password'] as const) : []),
  ];
  const r = validate(schema, body, required);
  const errors: FieldErrors = r.ok ? {} : { ...r.errors };
  if (values.password && values.password !== values.confirm) errors.confirm = 'validation.passwordsMismatch';
  if (!r.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: r.data };
}
