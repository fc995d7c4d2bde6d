import { IdParam } from '@conversa/shared/schemas/common';
import { ListTagsQuery, TagBody, TagMediaBody, UpdateTagBody } from '@conversa/shared/schemas/tags';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { attachTagMedia, changeTag, createTag, deleteTag, detachTagMedia, findTag, listLanes, listTagsPage } from '../domain/tags/manage-tags';

export const handler = groupHandler('tags', {
  'GET /tags': endpoint({ query: ListTagsQuery }, async ({ auth, query }) => listTagsPage(auth, query)),
  'GET /tags/kanban': endpoint({}, async ({ auth }) => listLanes(auth)),
  'GET /tags/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findTag(auth, params.id)),
  'POST /tags': endpoint({ body: TagBody }, async ({ auth, body }) => reply({ status: 201, body: await createTag(auth, body) })),
  'PUT /tags/{id}': endpoint({ params: IdParam, body: UpdateTagBody }, async ({ auth, params, body }) => changeTag(auth, params.id, body)),
  'DELETE /tags/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await deleteTag(auth, params.id);
    return reply({ status: 204 });
  }),
  'POST /tags/{id}/media-upload': endpoint({ params: IdParam, body: TagMediaBody }, async ({ auth, params, body }) => attachTagMedia(auth, params.id, body)),
  'DELETE /tags/{id}/media-upload': endpoint({ params: IdParam }, async ({ auth, params }) => detachTagMedia(auth, params.id)),
});
