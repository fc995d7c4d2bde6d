import { IdParam } from '@conversa/shared/schemas/common';
import { TicketIdParam } from '@conversa/shared/schemas/messages';
import { ListRatingsQuery, RatingBody, SatisfactionQuery, SendRatingBody, UpdateRatingBody } from '@conversa/shared/schemas/ratings';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { createRating, findRating, listRatings, ratingChoices, removeRating, updateRating } from '../domain/ratings/manage-ratings';
import { satisfaction } from '../domain/ratings/satisfaction';
import { resolveWithRating } from '../domain/ratings/send-rating';

export const handler = groupHandler('ratings', {
  'GET /ratings': endpoint({ query: ListRatingsQuery }, async ({ auth, query }) => listRatings(auth, query)),
  'GET /ratings/list': endpoint({}, async ({ auth }) => ratingChoices(auth)),
  'GET /ratings/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findRating(auth, params.id)),
  'POST /ratings': endpoint({ body: RatingBody }, async ({ auth, body }) => reply({ status: 201, body: await createRating(auth, body) })),
  'PUT /ratings/{id}': endpoint({ params: IdParam, body: UpdateRatingBody }, async ({ auth, params, body }) => updateRating(auth, params.id, body)),
  'DELETE /ratings/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removeRating(auth, params.id);
    return reply({ status: 204 });
  }),
  'POST /ratings/messages/{ticketId}': endpoint({ params: TicketIdParam, body: SendRatingBody }, async ({ auth, params, body }) => resolveWithRating(auth, params.ticketId, body)),
  'GET /satisfaction': endpoint({ query: SatisfactionQuery }, async ({ auth, query }) => satisfaction(auth, query)),
});
