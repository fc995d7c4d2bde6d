/**
 * Stateful: the media bucket (keys `companies/<companyId>/...`). The browser uploads straight to it
 * with a presigned POST or PUT (the policy enforces type and size); reads are short-lived presigned
 * GETs. Versioned: an overwritten or deleted object stays recoverable for 30 days
 * (NONCURRENT_DAYS), then goes. CORS names the site's origin only: the `conversa:webOrigin` context
 * when set (a custom domain), otherwise the web stack writes its CloudFront domain into the
 * bucket's CORS after the distribution exists (web-stack.ts, MediaCors).
 */
import { Annotations, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export type StorageStackProps = StackProps & {
  /**
   * Origins allowed to upload from the browser (context `conversa:webOrigin`, comma separated);
   * absent: the web stack sets its CloudFront domain (that domain is only known after the web stack
   * deploys, and the web stack depends on this one).
   */
  webOrigin?: string;
};

/** Days an overwritten or deleted media object's old version is kept. */
export const NONCURRENT_DAYS = 30;

/** The media bucket's one CORS rule for `origins` (here and in the web stack's MediaCors). */
export const mediaCorsRule = (origins: string[]) => ({
  allowedOrigins: origins,
  // PUT: the browser uploads attachments with a presigned PUT (POST /messages/upload); POST: presigned POST.
  allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag', 'Location'],
  maxAge: 3000,
});

export class StorageStack extends Stack {
  readonly mediaBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageStackProps) {
    super(scope, id, { terminationProtection: true, ...props });

    const origins = props.webOrigin?.split(',').map((o) => o.trim()).filter(Boolean);
    if (origins?.includes('*')) {
      Annotations.of(this).addWarningV2('conversa:mediaCorsWildcard', 'media bucket CORS allows any origin; set -c conversa:webOrigin=https://<your web domain>, or leave it unset for the CloudFront domain');
    }

    this.mediaBucket = new s3.Bucket(this, 'Media', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      versioned: true,
      ...(origins?.length ? { cors: [mediaCorsRule(origins)] } : {}),
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(NONCURRENT_DAYS) },
        { id: 'remove-expired-delete-markers', expiredObjectDeleteMarker: true },
        // Company backups (POST /backup-database, functions/src/domain/backup): a whole company's data, kept a week.
        { id: 'expire-company-backups', prefix: 'backups/', expiration: Duration.days(7) },
        // Campaign reports too big for one HTTP answer (GET /campaigns/{id}/report.csv): a download link's file, kept a day.
        { id: 'expire-exports', prefix: 'exports/', expiration: Duration.days(1) },
      ],
    });
  }
}
