/**
 * The deploy's bootstrap (a CloudFormation custom resource, infra DataStack's consumer in the
 * workers stack): on create and on every update it makes sure the plans, the platform company and
 * its super admin exist (domain/platform/seed.ts `bootstrapPlatform`), the super admin signing in
 * with the generated password the deploy keeps in Secrets Manager (the README says where). It
 * never changes a super admin that exists, and deleting the stack deletes no data.
 */
import middy from '@middy/core';
import { z } from 'zod';
import { bootstrapDeployment } from '../domain/platform/seed';
import { log } from '../lib/log';
import { invocationContext } from '../lib/invocation';

const Event = z.object({
  RequestType: z.enum(['Create', 'Update', 'Delete']),
  PhysicalResourceId: z.string().optional(),
  ResourceProperties: z.object({ AdminEmail: z.string().trim().toLowerCase().email() }).passthrough(),
});

export const PHYSICAL_ID = 'conversa-platform-bootstrap';

export const handler = middy<unknown, { PhysicalResourceId: string; Data?: Record<string, string> }>().use(invocationContext()).handler(async (raw) => {
  const event = Event.parse(raw);
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId ?? PHYSICAL_ID };
  const { created } = await bootstrapDeployment(event.ResourceProperties.AdminEmail);
  log.info('platform bootstrap', { adminEmail: event.ResourceProperties.AdminEmail, created });
  return { PhysicalResourceId: PHYSICAL_ID, Data: { SuperAdminCreated: String(created) } };
});
