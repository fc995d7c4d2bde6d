/** The production wiring of receiveWebhook: DynamoDB, the channel secrets, the Graph API, SQS. */
import { findByProviderAccount, getConnection } from '../adapters/db/connections';
import { metaAppSecret, resolveSecretRef } from '../adapters/channel-secrets';
import { mediaInfo, mediaRefUrl } from '../adapters/graph';
import { enqueue } from '../adapters/queue';
import { QUEUE } from '../adapters/queue-config';
import type { WebhookDeps } from './receive';

export const webhookDeps: WebhookDeps = {
  findAccount: findByProviderAccount,
  getConnection: (companyId, id) => getConnection(companyId, id),
  platformSecret: metaAppSecret,
  resolveRef: resolveSecretRef,
  mediaInfo,
  mediaRefUrl,
  enqueue: (body, opts) => enqueue(QUEUE.inbound, body, opts),
};
