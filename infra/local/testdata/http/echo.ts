/** Answers with the event it got, sets two cookies; `/echo/binary` answers base64, `/echo/slow` waits. */
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { recorder } from '../recorder';

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyResultV2> => {
  recorder('http').events.push(event);
  if (event.rawPath === '/echo/binary') {
    return { statusCode: 200, headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from([0, 1, 2, 255]).toString('base64'), isBase64Encoded: true };
  }
  return {
    statusCode: event.requestContext.http.method === 'POST' ? 201 : 200,
    headers: { 'content-type': 'application/json', 'x-route': event.routeKey },
    cookies: ['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/'],
    body: JSON.stringify({ event }),
  };
};
