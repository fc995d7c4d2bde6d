/**
 * Stateful: the media bucket (keys `companies/<companyId>/...`). The browser uploads straight to it
 * with a presigned POST (the policy enforces type and size); reads are short-lived presigned GETs.
 */
import { Annotations, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export type StorageStackProps = StackProps & {
  /**
   * Origin allowed to POST uploads from the browser. The CloudFront domain is only known after the
   * web stack deploys (and the web stack depends on this one), so it comes from context; `*` is
   * acceptable meanwhile because the presigned POST policy, not CORS, is what authorises an upload.
   */
  webOrigin: string;
};

export class StorageStack extends Stack {
  readonly mediaBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageStackProps) {
    super(scope, id, { terminationProtection: true, ...props });

    if (props.webOrigin === '*') {
      Annotations.of(this).addWarningV2(
        'conversa:mediaCorsWildcard',
        'media bucket CORS allows any origin; set -c conversa:webOrigin=https://<your web domain> once it is known',
      );
    }

    this.mediaBucket = new s3.Bucket(this, 'Media', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      cors: [
        {
          allowedOrigins: [props.webOrigin],
          // PUT: the browser uploads attachments with a presigned PUT (POST /messages/upload).
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Company backups (POST /backup-database, functions/src/domain/backup): a whole company's data, kept a week.
        { id: 'expire-company-backups', prefix: 'backups/', expiration: Duration.days(7) },
        // Campaign reports too big for one HTTP answer (GET /campaigns/{id}/report.csv): a download link's file, kept a day.
        { id: 'expire-exports', prefix: 'exports/', expiration: Duration.days(1) },
      ],
    });
  }
}
