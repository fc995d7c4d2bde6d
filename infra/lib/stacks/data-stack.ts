/**
 * Stateful: the one DynamoDB table (shape from functions/src/adapters/db/table-def.ts), the JWT
 * signing key, the CloudFront origin secret and the payment webhook's secret. Termination protection on the stack, deletion protection and RETAIN on the table.
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE } from '@conversa/functions/adapters/db/table-def';

export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  /** Plain-string secret (64 alphanumerics) read by functions/src/adapters/secrets.ts via JWT_SECRET_ARN. */
  readonly jwtSecret: secretsmanager.Secret;
  /** What CloudFront sends the API in `x-origin-verify` (web-stack.ts), read by the auth routes via ORIGIN_SECRET_ARN. */
  readonly originSecret: secretsmanager.Secret;
  /** Efí's Pix API client secret (OAuth2 client credentials): the operator puts the value from the Efí account; read via EFI_CLIENT_SECRET_ARN. */
  readonly efiClientSecret: secretsmanager.Secret;
  /** The Efí .p12 (binary), written by POST /settings/cert-upload and read by the functions that call Efí (EFI_CERTIFICATE_SECRET_ARN). */
  readonly efiCertificate: secretsmanager.Secret;
  /** The secret path segment of the Pix webhook URL (functions/src/domain/billing/webhook-url.ts), read via PAYMENT_WEBHOOK_SECRET_ARN. */
  readonly paymentWebhookSecret: secretsmanager.Secret;
  /** The key second-factor secrets are sealed with (functions/src/domain/auth/sealed.ts): never rotated with the JWT key. */
  readonly sealSecret: secretsmanager.Secret;
  /** The first super admin's password, generated (workers/bootstrap.ts); read it to sign in the first time, then change it. */
  readonly superAdminPassword: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, { terminationProtection: true, ...props });

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.ttlAttribute,
      stream: dynamodb.StreamViewType[TABLE.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType[index.projection],
        ...('include' in index ? { nonKeyAttributes: [...index.include] } : {}),
      });
    }

    // Rotation: put a new value (put-secret-value); the previous one still verifies until the next
    // rotation (functions/src/domain/auth/jwt.ts), so nobody is signed out by it.
    this.jwtSecret = new secretsmanager.Secret(this, 'JwtSecret', {
      description: 'Conversa JWT signing key (HS256)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Proof that a request reached the API through our distribution; rotating it needs a deploy of the web stack too.
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'Conversa: value of the x-origin-verify header CloudFront adds to API requests',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    // The payment provider's secrets stay with the data: a certificate or client secret lost with a stack is a new Efí application.
    this.efiClientSecret = new secretsmanager.Secret(this, 'EfiClientSecret', {
      description: 'Conversa: Efí Pix API client secret (put the value of the Efí application here)',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.efiCertificate = new secretsmanager.Secret(this, 'EfiCertificate', {
      description: 'Conversa: the Efí .p12 certificate (binary), written by the super admin\'s upload; the table item P#PAYMENT names the version in use',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Second-factor secrets at rest depend on it: kept with the data, never rotated.
    this.sealSecret = new secretsmanager.Secret(this, 'SealSecret', {
      description: 'Conversa: the key second-factor secrets are sealed with (never rotate it)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.superAdminPassword = new secretsmanager.Secret(this, 'SuperAdminPassword', {
      description: 'Conversa: the first super admin password (sign in once with it, then change it)',
      generateSecretString: { passwordLength: 24, excludeCharacters: '"\'\\`', includeSpace: false },
    });
    new CfnOutput(this, 'SuperAdminPasswordSecret', { value: this.superAdminPassword.secretName });
    // Registered at the PSP inside the webhook URL: rotating it means registering the webhook again.
    this.paymentWebhookSecret = new secretsmanager.Secret(this, 'PaymentWebhookSecret', {
      description: 'Conversa: the secret path segment of the Pix payment webhook URL',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
  }
}
