#!/usr/bin/env node
/**
 * CDK entry (`cdk.json`: `npx tsx infra/bin/app.ts`). Stacks are environment-agnostic (no account,
 * no region), so `npx cdk synth` works offline; `cdk deploy` takes both from the credentials.
 */
import { App } from 'aws-cdk-lib';
import { buildConversa } from '../lib/conversa-app';

// Without credentials the CLI has no region; some library code reads it.
process.env.AWS_REGION ??= process.env.AWS_DEFAULT_REGION ?? 'us-east-1';

const app = new App();
buildConversa(app);
app.synth();
