/**
 * The production wiring of a Meta webhook delivery (webhooks/receive.ts receiveWebhook, which
 * names what it needs in WebhookDeps): DynamoDB, the channel secrets, the Graph API, SQS; and the
 * verification token of the subscription check.
 */
import { findByProviderAccount, getConnection } from '../../adapters/db/connections';
import { metaAppSecret, metaVerifyToken, resolveSecretRef } from '../../adapters/channel-secrets';
import { mediaInfo, mediaRefUrl } from '../../adapters/graph';
import { enqueue } from '../../adapters/queue';
import { QUEUE } from '../../adapters/queue-config';

export const webhookDeps = {
  findAccount: findByProviderAccount,
  getConnection: (companyId: number, id: number) => getConnection(companyId, id),
  platformSecret: metaAppSecret,
  resolveRef: resolveSecretRef,
  mediaInfo,
  mediaRefUrl,
  enqueue: (body: unknown, opts: { groupId: string; dedupId: string }) => enqueue(QUEUE.inbound, body, opts),
};

/** The token Meta's subscription check must echo (GET /webhooks/{channel}). */
export const webhookVerifyToken = (): Promise<string | undefined> => metaVerifyToken();
