/** Headers our CloudFront distribution adds to what it forwards to the HTTP API (lib/client-address.ts, infra web-stack). */
/** The viewer's address, stamped by the `/api/*` viewer-request function (a viewer's own value is overwritten). */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
/** A secret custom origin header: proof that a request came through the distribution. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
