import type { User } from '../../adapters/db/users';

type Required = Pick<User, 'id' | 'companyId' | 'name' | 'email' | 'profile' | 'passwordHash'>;

/** A user record with the defaults of a new account (working hours 00:00–23:59, no queues). */
export function newUser(fields: Required & Partial<User>, now = new Date()): User {
  const at = now.toISOString();
  return {
    super: false,
    queueIds: [],
    whatsappId: null,
    startWork: '00:00',
    endWork: '23:59',
    farewellMessage: '',
    allUserChat: false,
    online: false,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}
