/** Test fixtures: the app with cdk.json's feature flags and bundling skipped, plus template readers. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ContainerImage } from 'aws-cdk-lib/aws-ecs';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { buildConversa, type ConversaOptions } from '../lib/conversa-app';
import { REPO_ROOT } from '../lib/paths';

const CDK_JSON = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

export function testApp(context: Record<string, unknown> = {}): App {
  return new App({ context: { ...CDK_JSON.context, 'aws:cdk:bundling-stacks': [], ...context } });
}

/** The whole app. The session host image is a registry image unless `realImage` (staging copies the repo). */
export function buildTestApp(options: ConversaOptions & { context?: Record<string, unknown>; realImage?: boolean } = {}) {
  const { context, realImage, ...rest } = options;
  const app = testApp(context);
  const stacks = buildConversa(app, {
    sessionHostImage: realImage ? undefined : ContainerImage.fromRegistry('public.ecr.aws/docker/library/node:24-bookworm-slim'),
    siteDir: join(REPO_ROOT, 'infra', 'test', '__no_site__'),
    ...rest,
  });
  return { app, ...stacks };
}

export type Resource = { Type: string; Properties?: Record<string, any>; DependsOn?: unknown; DeletionPolicy?: string; UpdateReplacePolicy?: string };

export function resources(stack: Stack, type: string): Record<string, Resource> {
  return Template.fromStack(stack).findResources(type) as Record<string, Resource>;
}

/** Every IAM statement of the stack's AWS::IAM::Policy resources, with Action and Resource as arrays. */
export function statements(stack: Stack): { policy: string; Action: string[]; Resource: unknown[]; Effect: string }[] {
  const out: { policy: string; Action: string[]; Resource: unknown[]; Effect: string }[] = [];
  for (const [policy, res] of Object.entries(resources(stack, 'AWS::IAM::Policy'))) {
    for (const st of res.Properties!.PolicyDocument.Statement as Record<string, unknown>[]) {
      const arr = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);
      out.push({ policy, Action: arr(st.Action as string | string[]), Resource: arr(st.Resource), Effect: st.Effect as string });
    }
  }
  return out;
}

/** The logical id a `Fn::GetAtt [id, 'Arn']` or `Ref id` points at. */
export function refTarget(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v['Fn::GetAtt'])) return (v['Fn::GetAtt'] as string[])[0];
    if (typeof v.Ref === 'string') return v.Ref;
  }
  return undefined;
}

export type FunctionStatement = { Action: string[]; Resource: unknown[] };

/** The IAM statements attached to a function's role, and its environment. */
export function functionAccess(fn: lambda.Function): { statements: FunctionStatement[]; env: Record<string, unknown> } {
  const stack = Stack.of(fn);
  const role = stack.getLogicalId(fn.role!.node.defaultChild as never);
  const statements: FunctionStatement[] = [];
  for (const res of Object.values(resources(stack, 'AWS::IAM::Policy'))) {
    if (!JSON.stringify(res.Properties!.Roles).includes(`"${role}"`)) continue;
    for (const st of res.Properties!.PolicyDocument.Statement as Record<string, unknown>[]) {
      const arr = (v: unknown) => (Array.isArray(v) ? v : [v]);
      statements.push({ Action: arr(st.Action) as string[], Resource: arr(st.Resource) });
    }
  }
  const fnRes = resources(stack, 'AWS::Lambda::Function')[stack.getLogicalId(fn.node.defaultChild as never)]!;
  return { statements, env: fnRes.Properties!.Environment.Variables };
}
