import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@conversa/functions/lib/origin-headers';
import { SPA_ROUTING, STRIP_API_PREFIX, wsToStage } from '../lib/constructs/edge-functions';
import { buildTestApp, refTarget, resources, statements } from './helpers';

// Managed policy ids (CloudFront documentation).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type CfRequest = { uri: string; querystring?: Record<string, { value: string }>; headers: Record<string, { value: string }> };
const run = (code: string, uri: string, querystring = {}, headers: CfRequest['headers'] = {}, viewerIp = '203.0.113.7'): CfRequest =>
  (new Function(`${code}; return handler;`)() as (e: { request: CfRequest; viewer: { ip: string } }) => CfRequest)({ request: { uri, querystring, headers }, viewer: { ip: viewerIp } });

describe('CloudFront functions', () => {
  test('/api prefix is stripped', () => {
    expect(run(STRIP_API_PREFIX, '/api/auth/login').uri).toBe('/auth/login');
    expect(run(STRIP_API_PREFIX, '/api/users/7').uri).toBe('/users/7');
    expect(run(STRIP_API_PREFIX, '/api').uri).toBe('/');
    expect(run(STRIP_API_PREFIX, '/apiary/x').uri).toBe('/apiary/x');
  });
  test("/api requests carry the viewer's address, whatever the viewer claimed in that header", () => {
    expect(run(STRIP_API_PREFIX, '/api/auth/login').headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '203.0.113.7' });
    const spoofed = run(STRIP_API_PREFIX, '/api/auth/login', {}, { [VIEWER_ADDRESS_HEADER]: { value: '198.51.100.1' } }, '2001:db8::9');
    expect(spoofed.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '2001:db8::9' });
  });
  test('/ws becomes the stage path, query string kept', () => {
    const out = run(wsToStage('prod'), '/ws', { token: { value: 'abc' } });
    expect(out.uri).toBe('/prod');
    expect(out.querystring).toEqual({ token: { value: 'abc' } });
  });
  test('client-side routes get index.html, files stay', () => {
    expect(run(SPA_ROUTING, '/tickets/42').uri).toBe('/index.html');
    expect(run(SPA_ROUTING, '/').uri).toBe('/index.html');
    expect(run(SPA_ROUTING, '/assets/index-abc.js').uri).toBe('/assets/index-abc.js');
    expect(run(SPA_ROUTING, '/favicon.ico').uri).toBe('/favicon.ico');
  });
});

describe('WebStack', () => {
  const built = buildTestApp();
  const t = Template.fromStack(built.web);
  const dist = Object.values(resources(built.web, 'AWS::CloudFront::Distribution'))[0]!.Properties!.DistributionConfig;
  const fnCode = (ref: unknown) => resources(built.web, 'AWS::CloudFront::Function')[refTarget(ref)!]!.Properties!.FunctionCode as string;
  const behaviour = (path: string) => (dist.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === path)!;
  const origin = (id: string) => (dist.Origins as Record<string, any>[]).find((o) => o.Id === id)!;

  test('/api/* → HTTP API: no caching, all methods, all viewer headers but Host, /api stripped', () => {
    const b = behaviour('/api/*');
    expect(b).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'https-only',
    });
    expect(b.FunctionAssociations).toHaveLength(1);
    expect(b.FunctionAssociations[0].EventType).toBe('viewer-request');
    expect(fnCode(b.FunctionAssociations[0].FunctionARN)).toBe(STRIP_API_PREFIX);
    const o = origin(b.TargetOriginId);
    expect(o.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(o.DomainName)).toMatch(/PublishOutputRefHttp.*execute-api/);
    expect(o.OriginPath).toBeUndefined();
  });

  test('/api/* proves itself to the API with the origin secret (a dynamic reference, never the value), which only the auth routes read', () => {
    const o = origin(behaviour('/api/*').TargetOriginId);
    const headers = o.CustomOriginConfig ? (o.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[]) : [];
    const proof = headers.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER)!;
    expect(JSON.stringify(proof.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:.*OriginSecret.*:SecretString:::\}\}/);
    // the site bucket and the WebSocket get no such header
    expect(origin(behaviour('/ws').TargetOriginId).OriginCustomHeaders).toBeUndefined();
    // the secret lives with the data; only the auth group has it (and may read it)
    Template.fromStack(built.data).hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }) });
    const fns = Object.values(resources(built.api, 'AWS::Lambda::Function'));
    const withSecret = fns.filter((f) => f.Properties!.Environment.Variables.ORIGIN_SECRET_ARN).map((f) => f.Properties!.Description);
    expect(withSecret).toEqual(['HTTP routes of group auth']);
    const auth = fns.find((f) => f.Properties!.Description === 'HTTP routes of group auth')!;
    expect(JSON.stringify(auth.Properties!.Environment.Variables.ORIGIN_SECRET_ARN)).toMatch(/OriginSecret/);
    const reads = statements(built.api).filter((s) => JSON.stringify(s.Resource).includes('OriginSecret'));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.Action).toContain('secretsmanager:GetSecretValue');
  });

  test('/ws → WebSocket API: no caching, viewer headers and query string forwarded, URI set to /prod', () => {
    const b = behaviour('/ws');
    expect(b).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
    expect(fnCode(b.FunctionAssociations[0].FunctionARN)).toBe(wsToStage('prod'));
    expect(b.FunctionAssociations[0].EventType).toBe('viewer-request');
    expect(JSON.stringify(origin(b.TargetOriginId).DomainName)).toMatch(/PublishOutputRefWs.*execute-api/);
  });

  test('default behaviour → site bucket through OAC, SPA routing, no distribution-wide error pages', () => {
    expect(dist.DefaultRootObject).toBe('index.html');
    expect(dist.CustomErrorResponses).toBeUndefined(); // they would rewrite the API's 403/404 too
    expect(fnCode(dist.DefaultCacheBehavior.FunctionAssociations[0].FunctionARN)).toBe(SPA_ROUTING);
    const o = origin(dist.DefaultCacheBehavior.TargetOriginId);
    expect(o.S3OriginConfig).toBeDefined();
    expect(o.OriginAccessControlId).toBeDefined();
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  test('the site bucket blocks public access and enforces SSL', () => {
    t.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    t.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  test('no web build → no deployment', () => {
    expect(built.web.siteDeployed).toBe(false);
    t.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  test('a web build → assets (immutable) then index.html (no-cache) with an invalidation', () => {
    const site = mkdtempSync(join(tmpdir(), 'conversa-site-'));
    mkdirSync(join(site, 'assets'));
    writeFileSync(join(site, 'index.html'), '<!doctype html>');
    writeFileSync(join(site, 'assets', 'index-abc.js'), 'x');
    const withSite = buildTestApp({ siteDir: site });
    const w = Template.fromStack(withSite.web);
    expect(withSite.web.siteDeployed).toBe(true);
    const deployments = resources(withSite.web, 'Custom::CDKBucketDeployment');
    expect(Object.keys(deployments)).toHaveLength(2);
    w.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' }, Exclude: ['index.html'] });
    w.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: { 'cache-control': 'no-cache' }, Prune: false, DistributionPaths: ['/*'] });
    const index = Object.entries(deployments).find(([, d]) => d.Properties!.Prune === false)!;
    expect(JSON.stringify(index[1].DependsOn)).toMatch(/DeployAssets/);

    // The staged sources: index.html alone in one, everything else in the other.
    const outdir = withSite.app.synth().directory;
    const staged = readdirSync(outdir).filter((d) => d.startsWith('asset.') && !d.endsWith('.zip'));
    const listings = staged.map((d) => readdirSync(join(outdir, d), { recursive: true }).map(String).sort());
    expect(listings).toContainEqual(['index.html']);
    expect(listings).toContainEqual(['assets', join('assets', 'index-abc.js')]);
  });

  test('a custom domain (context domainName + certificateArn in us-east-1) is an alias of the distribution, and an origin of the media CORS', () => {
    const arn = 'arn:aws:acm:us-east-1:111111111111:certificate/abcd-ef';
    const custom = buildTestApp({ context: { 'conversa:domainName': 'App.Example.com', 'conversa:certificateArn': arn } });
    const t = Template.fromStack(custom.web);
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Aliases: ['app.example.com'], ViewerCertificate: Match.objectLike({ AcmCertificateArn: arn, SslSupportMethod: 'sni-only' }) }),
    });
    expect(JSON.stringify(Object.values(t.findResources('Custom::AWS'))[0]!.Properties.Create)).toContain('https://app.example.com');
    t.hasOutput('Url', { Value: 'https://app.example.com' });
    expect(() => buildTestApp({ context: { 'conversa:domainName': 'app.example.com' } })).toThrow(/go together/);
    expect(() => buildTestApp({ context: { 'conversa:domainName': 'app.example.com', 'conversa:certificateArn': 'arn:aws:acm:sa-east-1:1:certificate/x' } })).toThrow(/us-east-1/);
  });
});
