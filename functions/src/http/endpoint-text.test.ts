import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { reply } from '../lib/http';
import { endpoint, groupHandler } from './endpoint';

// The export route is admin-only behind a token; the text reply itself is tested on a public route.
const h = groupHandler('platform', {
  'GET /version': endpoint({}, async () => reply({ text: '\uFEFFa;b\r\n', headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="x.csv"' } })),
});

describe('a text reply', () => {
  it('is sent as is with its own headers', async () => {
    const res = (await h({ version: '2.0', routeKey: 'GET /version', rawPath: '/version', rawQueryString: '', headers: {}, isBase64Encoded: false, requestContext: { http: { method: 'GET', sourceIp: '127.0.0.1' } } } as unknown as APIGatewayProxyEventV2, {} as Context)) as APIGatewayProxyStructuredResultV2;
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFa;b\r\n');
    expect(res.headers).toMatchObject({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="x.csv"', 'cache-control': 'no-store' });
  });
});
