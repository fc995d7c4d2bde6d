/** The flow builder (group flows): HTTP ⇄ domain only. The flows and triggers API joins this table. */
import { groupHandler } from './endpoint';
import { httpRequestTest } from './flow-http-test';

export const handler = groupHandler('flows', {
  'POST /httpRequestTest': httpRequestTest,
});
