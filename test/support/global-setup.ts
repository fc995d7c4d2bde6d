/**
 * Starts one local stack (DynamoDB Local in memory, s3rver, SMTP, gateway, queues, tick) for
 * the system tier, with audio transcription pointed at a local fake, and hands its URL and environment to the test files.
 */
import type { TestProject } from 'vitest/node';
import { startStack } from '../../infra/local/stack';
import { startFakeTranscriber } from './fake-transcriber';
import { startFakeEfi } from './fake-efi';
import { startFakeFlowApi } from './fake-flow-api';
import { ALLOW_LOOPBACK_ENV } from '../../functions/src/lib/guarded-fetch';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stackEnv: Record<string, string>;
    /** The fake Efí Pix API the stack talks to (mutual TLS): its URL and the directory of its certificates (ca.crt, client.p12, stranger.p12 of another CA, protected.p12 with a passphrase). */
    efi: { url: string; dir: string; pixKey: string };
    /** A company's web service for the flows' http node (test/support/fake-flow-api.ts): the only loopback port the stack may call. */
    flowApi: { url: string; port: number };
  }
}

export default async function setup(project: TestProject) {
  // Every test logs in from 127.0.0.1: lift the per-address throttle here (tested in-process).
  process.env.LOGIN_MAX_PER_IP = '1000000';
  // Audio transcription (for companies with a groqApiKey) goes to a local OpenAI-compatible fake.
  const transcriber = await startFakeTranscriber();
  process.env.TRANSCRIPTION_BASE_URL = transcriber.url;
  // The Efí provider (payment webhook registration, charges) talks to a local fake behind mutual TLS
  // whose CA it trusts through EFI_CA; the certificate itself is uploaded by the tests (POST /settings/cert-upload).
  const efi = await startFakeEfi();
  Object.assign(process.env, { EFI_BASE_URL: efi.url, EFI_CLIENT_ID: efi.clientId, EFI_CLIENT_SECRET: efi.clientSecret, EFI_CA: efi.pki.caPem, PIX_KEY: efi.pixKey });
  // The flows' http node and Testar refuse loopback; the stack may call this one fake service (and only in tests).
  const flowApi = await startFakeFlowApi();
  process.env[ALLOW_LOOPBACK_ENV] = String(flowApi.port);
  const stack = await startStack({ port: 0, seed: true, tickMs: 3_600_000, log: process.env.STACK_LOG === '1' });
  project.provide('baseUrl', stack.url);
  project.provide('stackEnv', stack.env);
  project.provide('efi', { url: efi.url, dir: efi.pki.dir, pixKey: efi.pixKey });
  project.provide('flowApi', { url: flowApi.url, port: flowApi.port });
  return async () => {
    await stack.stop();
    await transcriber.stop();
    await efi.stop();
    await flowApi.stop();
  };
}
