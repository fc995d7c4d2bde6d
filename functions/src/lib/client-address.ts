/**
 * The address a request came from, for the login throttle. On AWS every request reaches API Gateway
 * through CloudFront, so the socket address (`requestContext.http.sourceIp`) is one of CloudFront's
 * and all users would share one budget. Our distribution stamps the viewer's address in
 * `x-viewer-address` (a viewer-request function; infra/lib/constructs/edge-functions.ts) and proves
 * the request is its own with `x-origin-verify`, a secret only it and the API know. The header is
 * believed only with that proof: a caller that reaches the API directly, or says it is someone
 * else, is keyed on its socket address. Locally (no secret) the socket address is the viewer's.
 */
import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { originSecret } from '../adapters/secrets';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from './origin-headers';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** An IPv4 or IPv6 address, nothing else (the header is text a caller could shape). */
const ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:.]{2,45})$/;

export async function clientAddress(event: APIGatewayProxyEventV2): Promise<string> {
  const socket = event.requestContext?.http?.sourceIp ?? 'unknown';
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  const proof = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!viewer || !proof || !ADDRESS.test(viewer)) return socket;
  const secret = await originSecret();
  return secret && same(proof, secret) ? viewer : socket;
}
