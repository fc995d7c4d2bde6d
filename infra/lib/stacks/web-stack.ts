/**
 * The SPA and the single public origin: CloudFront in front of the site bucket (OAC), `/api/*` →
 * the HTTP API and `/ws` → the WebSocket API, so the browser talks to one domain (cookies, no CORS).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '@conversa/functions/lib/origin-headers';
import { SPA_ROUTING, STRIP_API_PREFIX, wsToStage } from '../constructs/edge-functions';
import { WEB_DIST } from '../paths';
import { mediaCorsRule } from './storage-stack';

export type WebStackProps = StackProps & {
  /** {apiId}.execute-api.{region}.amazonaws.com of the HTTP API ($default stage). */
  httpApiDomain: string;
  /** {apiId}.execute-api.{region}.amazonaws.com of the WebSocket API. */
  wsApiDomain: string;
  wsStage: string;
  /** Sent to the HTTP API in `x-origin-verify`, so it believes the viewer address `/api/*` stamps. */
  originSecret: ISecret;
  /** The built SPA (default web/dist); deployed only when it holds an index.html at synth time. */
  siteDir?: string;
  /**
   * The media bucket, when its CORS origin is this distribution's domain (no `conversa:webOrigin`):
   * MediaCors writes that one origin into the bucket's CORS on every deploy.
   */
  mediaBucket?: s3.IBucket;
  /**
   * A custom domain (context `conversa:domainName`, e.g. app.example.com) with its ACM certificate
   * in us-east-1 (context `conversa:certificateArn`); point the domain's DNS (CNAME or alias) at
   * the distribution's domain (output `DistributionDomain`).
   */
  domain?: { name: string; certificateArn: string };
};

export class WebStack extends Stack {
  readonly siteBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly siteDeployed: boolean;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    // Rebuilt from web/dist on every deploy: nothing in it is worth keeping.
    this.siteBucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const edgeFunction = (id: string, code: string, comment: string): cloudfront.Function =>
      new cloudfront.Function(this, id, {
        code: cloudfront.FunctionCode.fromInline(code),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
        comment,
      });
    const spaRouting = edgeFunction('SpaRouting', SPA_ROUTING, 'client-side routes -> /index.html');
    const stripApi = edgeFunction('StripApiPrefix', STRIP_API_PREFIX, '/api/x -> /x for the HTTP API, viewer address stamped');
    const wsStage = edgeFunction('WsToStage', wsToStage(props.wsStage), `/ws -> /${props.wsStage} for the WebSocket API`);

    const passThrough = {
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    } as const;

    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: 'Conversa web, /api and /ws',
      ...(props.domain ? { domainNames: [props.domain.name], certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn) } : {}),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: cloudfront.ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          ...passThrough,
          // The viewer address reaches the API in a header the viewer-request function writes:
          // CloudFront-Viewer-Address would need an origin request policy that adds CloudFront
          // headers, and those forward the viewer's Host too (API Gateway then answers 403), or
          // list the headers one by one, which cannot carry Authorization. The custom header is
          // the proof the API checks before it believes the address (a dynamic reference: the
          // template holds the secret's ARN, never its value).
          origin: new HttpOrigin(props.httpApiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
          }),
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          functionAssociations: [{ function: stripApi, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        '/ws': {
          ...passThrough,
          // No originPath: the function sets the URI to the stage (see edge-functions.ts).
          origin: new HttpOrigin(props.wsApiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            // API Gateway closes idle sockets at 10 minutes itself; keep CloudFront's read timeout high.
            readTimeout: Duration.seconds(60),
          }),
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          functionAssociations: [{ function: wsStage, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    const siteDir = props.siteDir ?? WEB_DIST;
    this.siteDeployed = existsSync(join(siteDir, 'index.html'));
    if (this.siteDeployed) {
      // Hashed assets are immutable; index.html is revalidated so a deploy shows at once.
      const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(siteDir, { exclude: ['index.html'] })],
        destinationBucket: this.siteBucket,
        exclude: ['index.html'],
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
      });
      const index = new s3deploy.BucketDeployment(this, 'DeployIndex', {
        sources: [s3deploy.Source.asset(siteDir, { exclude: ['*', '!index.html'] })],
        destinationBucket: this.siteBucket,
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      index.node.addDependency(assets); // never an index.html that names assets not uploaded yet
    }
    // Otherwise (web/dist not built when synthesizing) there is no deployment and the bucket stays
    // as it is: run `npm run build -w @conversa/web` before `cdk deploy` to ship the SPA.

    if (props.mediaBucket) {
      // S3's own CORS rule shape (PutBucketCors), from the one rule storage-stack.ts would set.
      const rule = mediaCorsRule([`https://${this.distribution.distributionDomainName}`, ...(props.domain ? [`https://${props.domain.name}`] : [])]);
      const call = {
        service: 'S3',
        action: 'putBucketCors',
        parameters: {
          Bucket: props.mediaBucket.bucketName,
          CORSConfiguration: {
            CORSRules: [{ AllowedOrigins: rule.allowedOrigins, AllowedMethods: rule.allowedMethods, AllowedHeaders: rule.allowedHeaders, ExposeHeaders: rule.exposedHeaders, MaxAgeSeconds: rule.maxAge }],
          },
        },
        physicalResourceId: PhysicalResourceId.of(`media-cors-${props.mediaBucket.bucketName}`),
      };
      new AwsCustomResource(this, 'MediaCors', {
        onCreate: call,
        onUpdate: call,
        policy: AwsCustomResourcePolicy.fromStatements([new iam.PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [props.mediaBucket.bucketArn] })]),
        installLatestAwsSdk: false,
      });
    }

    new CfnOutput(this, 'Url', { value: `https://${props.domain?.name ?? this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'DistributionDomain', { value: this.distribution.distributionDomainName });
  }
}
