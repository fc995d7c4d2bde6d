/**
 * CloudFront Functions (cloudfront-js-2.0), kept as source strings so the tests can run them
 * against sample events. Each is a viewer-request handler returning the (rewritten) request.
 */
import { VIEWER_ADDRESS_HEADER } from '@conversa/functions/lib/origin-headers';

/**
 * `/api/*` → HTTP API: the API's routes have no `/api` prefix (`/api/auth/login` → `/auth/login`);
 * the viewer's address goes along in VIEWER_ADDRESS_HEADER, set
 * here whatever the viewer sent in it, for the login throttle (functions/src/lib/client-address.ts).
 */
export const STRIP_API_PREFIX = `function handler(event) {
  var request = event.request;
  var uri = request.uri.replace(/^\\/api(?=\\/|$)/, '');
  request.uri = uri === '' ? '/' : uri;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * `/ws` → WebSocket API: the API answers only on its stage path, and any extra path after the
 * stage is refused with 403 (`/prod/ws` fails), so the URI becomes exactly `/${stage}`; the query
 * string (`?token=…`) passes through untouched.
 */
export const wsToStage = (stage: string): string => `function handler(event) {
  var request = event.request;
  request.uri = '/${stage}';
  return request;
}`;

/**
 * Default behaviour → site bucket. A path whose last segment has no dot is a client-side route and
 * gets /index.html; files are served as they are. This replaces distribution-wide 403/404 error
 * responses, which CloudFront would also apply to /api/* and so turn the API's 403
 * ERR_SESSION_EXPIRED and 404s into a 200 index.html.
 */
export const SPA_ROUTING = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;
