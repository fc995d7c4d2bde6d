import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { resetSecrets } from '../adapters/secrets';
import { handler as auth } from '../http/auth';
import { clientAddress } from './client-address';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from './origin-headers';
import { resetEnvCache } from './config';

const SECRET = 'origin-secret-origin-secret-0123';
const CLOUDFRONT_EDGE = '130.176.1.10';

const event = (headers: Record<string, string>, body?: unknown): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'POST /auth/login',
    rawPath: '/auth/login',
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    body: body === undefined ? undefined : JSON.stringify(body),
    requestContext: { http: { method: 'POST', sourceIp: CLOUDFRONT_EDGE } },
  }) as unknown as APIGatewayProxyEventV2;

const viaCloudFront = (viewer: string, proof = SECRET) => ({ [VIEWER_ADDRESS_HEADER]: viewer, [ORIGIN_VERIFY_HEADER]: proof });

function configure(secret: string | undefined) {
  if (secret) process.env.ORIGIN_SECRET = secret;
  else delete process.env.ORIGIN_SECRET;
  process.env.JWT_SECRET = 'unit-test-secret-unit-test-secret-0123456789';
  resetEnvCache();
  resetSecrets();
}

afterAll(() => configure(undefined));

describe('the address the login throttle keys on', () => {
  beforeEach(() => configure(SECRET));

  it('is the viewer address our distribution stamps, when it proves the request is its own', async () => {
    expect(await clientAddress(event(viaCloudFront('203.0.113.9')))).toBe('203.0.113.9');
    expect(await clientAddress(event(viaCloudFront('2001:db8::7')))).toBe('2001:db8::7');
  });

  it('is the socket address when the header comes without the proof, with a wrong one, or is not an address', async () => {
    expect(await clientAddress(event({}))).toBe(CLOUDFRONT_EDGE);
    expect(await clientAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9' }))).toBe(CLOUDFRONT_EDGE);
    expect(await clientAddress(event(viaCloudFront('203.0.113.9', 'guessed-guessed-guessed-guessed!')))).toBe(CLOUDFRONT_EDGE);
    expect(await clientAddress(event(viaCloudFront('203.0.113.9', SECRET.slice(0, -1))))).toBe(CLOUDFRONT_EDGE);
    expect(await clientAddress(event(viaCloudFront('evil; 1.2.3.4')))).toBe(CLOUDFRONT_EDGE);
  });

  it('is the socket address where no secret is configured (locally), whatever the headers say', async () => {
    configure(undefined);
    expect(await clientAddress(event(viaCloudFront('203.0.113.9')))).toBe(CLOUDFRONT_EDGE);
  });
});

describe('POST /auth/login behind CloudFront', () => {
  const ddb = mockClient(DynamoDBDocumentClient);
  beforeEach(() => {
    configure(SECRET);
    ddb.reset();
    ddb.on(GetCommand).resolves({});
    ddb.on(UpdateCommand).resolves({ Attributes: { hits: 1 } });
  });
  afterAll(() => ddb.restore());

  const ipBuckets = () =>
    ddb
      .commandCalls(UpdateCommand)
      .map((c) => String(c.args[0].input.Key?.PK))
      .filter((pk) => pk.startsWith('P#RL#login:ip:'));

  const login = async (headers: Record<string, string>) =>
    (await auth(event(headers, { email: 'nobody@example.test', password: 'whatever' }), {} as Context)) as APIGatewayProxyStructuredResultV2;

  it('counts the attempt against the viewer, not against the CloudFront edge all viewers share', async () => {
    expect((await login(viaCloudFront('203.0.113.9'))).statusCode).toBe(401);
    expect(ipBuckets()).toEqual(['P#RL#login:ip:203.0.113.9']);
  });

  it('counts a spoofed viewer header (no proof) against the address the request really came from', async () => {
    expect((await login({ [VIEWER_ADDRESS_HEADER]: '198.51.100.1' })).statusCode).toBe(401);
    expect(ipBuckets()).toEqual([`P#RL#login:ip:${CLOUDFRONT_EDGE}`]);
  });
});
