import { describe, expect, test } from 'vitest';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { TABLE } from '@conversa/functions/adapters/db/table-def';
import { buildTestApp, resources } from './helpers';

const built = buildTestApp();
const data = Template.fromStack(built.data);
const storage = Template.fromStack(built.storage);

describe('DataStack', () => {
  test('one table with the keys, indexes and TTL of TABLE, on demand', () => {
    data.resourceCountIs('AWS::DynamoDB::Table', 1);
    data.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: TABLE.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: i.projection, ...('include' in i ? { NonKeyAttributes: [...i.include] } : {}) },
      })),
    });
    const table = Object.values(resources(built.data, 'AWS::DynamoDB::Table'))[0]!;
    const attrs = table.Properties!.AttributeDefinitions as { AttributeName: string; AttributeType: string }[];
    expect(attrs.map((a) => a.AttributeName).sort()).toEqual(['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'GSI4PK', 'GSI4SK', 'PK', 'SK']);
    expect(attrs.every((a) => a.AttributeType === 'S')).toBe(true);
  });

  test('the table survives: PITR, deletion protection, Retain, termination protection', () => {
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    });
    expect(built.data.terminationProtection).toBe(true);
    expect(built.app.synth().getStackArtifact(built.data.artifactId).terminationProtection).toBe(true);
  });

  test('the JWT signing key is generated, 64 characters, kept on delete', () => {
    data.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }) }),
    });
  });
});

describe('StorageStack', () => {
  test('the media bucket blocks public access, encrypts, denies plain HTTP, is retained', () => {
    storage.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
            // Company backups (a whole company's data) do not outlive a week.
            Match.objectLike({ Prefix: 'backups/', ExpirationInDays: 7, Status: 'Enabled' }),
            // A campaign report written for download does not outlive a day.
            Match.objectLike({ Prefix: 'exports/', ExpirationInDays: 1, Status: 'Enabled' }),
          ]),
        },
      }),
    });
    storage.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    expect(built.app.synth().getStackArtifact(built.storage.artifactId).terminationProtection).toBe(true);
  });

  test('CORS lets the browser PUT and POST uploads; any origin with a warning until webOrigin is set', () => {
    storage.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['*'], AllowedMethods: Match.arrayWith(['PUT', 'POST']) })] },
    });
    Annotations.fromStack(built.storage).hasWarning('*', Match.stringLikeRegexp('conversa:webOrigin'));

    const pinned = buildTestApp({ context: { 'conversa:webOrigin': 'https://app.example.com' } });
    Template.fromStack(pinned.storage).hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://app.example.com'] })] },
    });
    Annotations.fromStack(pinned.storage).hasNoWarning('*', Match.stringLikeRegexp('conversa:webOrigin'));
  });
});
