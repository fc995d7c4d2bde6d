/**
 * Starts one local stack (DynamoDB Local in memory, s3rver, SMTP, gateway, queues, tick) for
 * the system tier, with audio transcription pointed at a local fake, and hands its URL and environment to the test files.
 */
import type { TestProject } from 'vitest/node';
import { startStack } from '../../infra/local/stack';
import { startFakeTranscriber } from './fake-transcriber';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stackEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  // Every test logs in from 127.0.0.1: lift the per-address throttle here (tested in-process).
  process.env.LOGIN_MAX_PER_IP = '1000000';
  // Audio transcription (for companies with a groqApiKey) goes to a local OpenAI-compatible fake.
  const transcriber = await startFakeTranscriber();
  process.env.TRANSCRIPTION_BASE_URL = transcriber.url;
  const stack = await startStack({ port: 0, seed: true, tickMs: 3_600_000, log: process.env.STACK_LOG === '1' });
  project.provide('baseUrl', stack.url);
  project.provide('stackEnv', stack.env);
  return async () => {
    await stack.stop();
    await transcriber.stop();
  };
}
