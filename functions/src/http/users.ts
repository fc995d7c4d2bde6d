import { PAGE_SIZE } from '@conversa/shared/constants';
import { IdParam } from '@conversa/shared/schemas/common';
import { CreateUserBody, UpdateUserBody, UsersQuery } from '@conversa/shared/schemas/users';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { addUser, editUser, listUsers, removeUser, resetTwoFactor, showUser, userNames } from '../domain/users/manage-users';

export const handler = groupHandler('users', {
  'GET /users': endpoint({ query: UsersQuery }, async ({ auth, query }) => {
    const page = await listUsers(auth.companyId, query.searchParam, query.cursor, query.limit ?? PAGE_SIZE);
    return { users: page.items, hasMore: page.hasMore, cursor: page.cursor };
  }),
  'GET /users/list': endpoint({}, async ({ auth }) => userNames(auth.companyId)),
  'GET /users/{id}': endpoint({ params: IdParam }, ({ auth, params }) => showUser(auth, params.id)),
  'POST /users': endpoint({ body: CreateUserBody }, async ({ auth, body }) => reply({ status: 201, body: await addUser(auth, body) })),
  'PUT /users/{id}': endpoint({ params: IdParam, body: UpdateUserBody }, async ({ auth, params, body }) => editUser(auth, params.id, body)),
  'DELETE /users/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removeUser(auth, params.id);
    return reply({ status: 204 });
  }),
  'DELETE /users/{id}/2fa': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await resetTwoFactor(auth, params.id);
    return reply({ status: 204 });
  }),
});
