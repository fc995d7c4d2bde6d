import { describe, expect, it } from 'vitest';
import { buildHttpEvent, collectHeaders, gatewayTime, isTextContentType, queryParameters, toHttpResponse } from './http-event';

const base = {
  method: 'POST',
  rawPath: '/users/7',
  rawQueryString: '',
  rawHeaders: ['Host', 'localhost:8080', 'User-Agent', 'vitest'],
  body: Buffer.alloc(0),
  sourceIp: '127.0.0.1',
  routeKey: 'POST /users/{id}',
  pathParameters: { id: '7' },
  requestId: 'REQ=',
  now: new Date('2025-03-12T19:03:58.123Z'),
};

describe('v2 event building', () => {
  it('fills the API Gateway v2 shape', () => {
    const e = buildHttpEvent(base);
    expect(e).toEqual({
      version: '2.0',
      routeKey: 'POST /users/{id}',
      rawPath: '/users/7',
      rawQueryString: '',
      headers: { host: 'localhost:8080', 'user-agent': 'vitest' },
      pathParameters: { id: '7' },
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: 'localhost:8080',
        domainPrefix: 'localhost',
        http: { method: 'POST', path: '/users/7', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
        requestId: 'REQ=',
        routeKey: 'POST /users/{id}',
        stage: '$default',
        time: '12/Mar/2025:19:03:58 +0000',
        timeEpoch: Date.parse('2025-03-12T19:03:58.123Z'),
      },
      isBase64Encoded: false,
    });
  });

  it('joins repeated query parameters and headers with commas, decoding values', () => {
    expect(queryParameters('a=1&b=x%20y&a=2&c=&a=3')).toEqual({ a: '1,2,3', b: 'x y', c: '' });
    expect(queryParameters('')).toBeUndefined();
    const e = buildHttpEvent({ ...base, rawQueryString: 'tag=a&tag=b', rawHeaders: ['X-Thing', 'one', 'x-thing', 'two', 'Accept', '*/*'] });
    expect(e.rawQueryString).toBe('tag=a&tag=b');
    expect(e.queryStringParameters).toEqual({ tag: 'a,b' });
    expect(e.headers).toEqual({ 'x-thing': 'one,two', accept: '*/*' });
  });

  it('moves cookies from the Cookie header(s) to `cookies`', () => {
    const { headers, cookies } = collectHeaders(['Cookie', 'a=1; b=2', 'cookie', 'c=3', 'Host', 'h']);
    expect(cookies).toEqual(['a=1', 'b=2', 'c=3']);
    expect(headers).toEqual({ host: 'h' });
    expect(buildHttpEvent({ ...base, rawHeaders: [] }).cookies).toBeUndefined();
  });

  it('keeps text bodies as utf8 and base64-encodes binary ones', () => {
    const json = buildHttpEvent({ ...base, rawHeaders: ['Content-Type', 'application/json; charset=utf-8'], body: Buffer.from('{"nome":"João"}') });
    expect(json).toMatchObject({ body: '{"nome":"João"}', isBase64Encoded: false });
    const bin = Buffer.from([0xff, 0x00, 0x10]);
    const png = buildHttpEvent({ ...base, rawHeaders: ['Content-Type', 'image/png'], body: bin });
    expect(png).toMatchObject({ body: bin.toString('base64'), isBase64Encoded: true });
    expect(buildHttpEvent(base).body).toBeUndefined();
    expect(isTextContentType('application/vnd.api+json')).toBe(true);
    expect(isTextContentType('application/x-www-form-urlencoded')).toBe(true);
    expect(isTextContentType('multipart/form-data; boundary=x')).toBe(false);
  });

  it('formats requestContext.time like API Gateway', () => {
    expect(gatewayTime(new Date('2024-01-05T03:04:05Z'))).toBe('05/Jan/2024:03:04:05 +0000');
  });
});

describe('v2 result reading', () => {
  it('writes status, headers, cookies and base64 bodies', () => {
    const r = toHttpResponse({ statusCode: 201, headers: { 'Content-Type': 'text/plain', 'X-N': 3 }, cookies: ['a=1', 'b=2'], body: 'AAEC', isBase64Encoded: true });
    expect(r).toEqual({ statusCode: 201, headers: { 'content-type': 'text/plain', 'x-n': '3' }, cookies: ['a=1', 'b=2'], body: Buffer.from([0, 1, 2]) });
  });

  it('treats a result without statusCode as a 200 JSON body', () => {
    expect(toHttpResponse({ ok: true })).toEqual({ statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body: Buffer.from('{"ok":true}') });
    expect(toHttpResponse('plain').body.toString()).toBe('plain');
    expect(toHttpResponse({ statusCode: 204 }).body.length).toBe(0);
  });
});
