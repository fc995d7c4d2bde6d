/**
 * The Pix checkout's wiring (BEHAVIOUR.md "Billing"): the billing routes' Lambda (charges, the
 * webhook) and the settings Lambda (the certificate, the webhook registration) and nothing else get
 * the payment settings and the webhook secret.
 */
import { describe, expect, test } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { ROUTES } from '@conversa/functions/http/routes';
import { buildTestApp, refTarget, resources, statements } from './helpers';

const built = buildTestApp({ context: { 'conversa:paymentProvider': 'sandbox', 'conversa:pixKey': 'pix@example.com', 'conversa:pixMerchantCity': 'Recife' } });
const fns = resources(built.api, 'AWS::Lambda::Function');
const billingId = Object.keys(fns).find((id) => fns[id]!.Properties!.Description === 'HTTP routes of group billing')!;
const settingsId = Object.keys(fns).find((id) => fns[id]!.Properties!.Description === 'HTTP routes of group settings')!;
const env = (id: string) => fns[id]!.Properties!.Environment.Variables as Record<string, unknown>;
const secretId = Object.keys(resources(built.data, 'AWS::SecretsManager::Secret')).find((id) => id.startsWith('PaymentWebhookSecret'))!;

describe('payments (CDK)', () => {
  test('the webhook and the checkout routes are on the billing Lambda, the webhook public', () => {
    expect(billingId).toBeDefined();
    const billing = ROUTES.filter((r) => r.group === 'billing').map((r) => `${r.method} ${r.path}`);
    expect(billing).toEqual(expect.arrayContaining(['POST /webhooks/pix/{token}', 'POST /subscription', 'GET /invoices/all', 'POST /subscription/sandbox/{txid}/pay']));
    expect(ROUTES.find((r) => r.path === '/webhooks/pix/{token}')?.public).toBe(true);
  });

  test('the webhook secret is generated in Secrets Manager and handed to the billing and settings Lambdas by ARN, never by value', () => {
    Template.fromStack(built.data).hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true, IncludeSpace: false } });
    expect(secretId).toBeDefined();
    const e = env(billingId);
    expect(e.PAYMENT_WEBHOOK_SECRET).toBeUndefined();
    expect(JSON.stringify(e.PAYMENT_WEBHOOK_SECRET_ARN)).toContain(secretId);
    const reads = statements(built.api).filter((s) => s.Action.includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(secretId));
    const roles = reads.flatMap((r) => (resources(built.api, 'AWS::IAM::Policy')[r.policy]!.Properties!.Roles as unknown[]).map(refTarget));
    expect(roles.sort()).toEqual([billingId, settingsId].map((id) => refTarget(fns[id]!.Properties!.Role)).sort());
  });

  test('the provider, the Pix key and the public URL the provider calls (the API itself)', () => {
    const e = env(billingId);
    expect(e).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', PIX_KEY: 'pix@example.com', PIX_MERCHANT_CITY: 'Recife' });
    expect(e.PIX_MERCHANT_NAME).toBeUndefined();
    const url = JSON.stringify(e.PUBLIC_API_URL);
    expect(url).toContain('https://');
    expect(url).toContain('execute-api');
    expect(url).toContain(Object.keys(resources(built.api, 'AWS::ApiGatewayV2::Api'))[0]!);
  });

  test('no other function gets the payment settings (settings registers the webhook, so it has them)', () => {
    for (const [id, fn] of Object.entries(fns)) {
      if (id === billingId || id === settingsId) continue;
      const vars = (fn.Properties!.Environment?.Variables ?? {}) as Record<string, unknown>;
      expect(Object.keys(vars).filter((k) => k.startsWith('PAYMENT_') || k.startsWith('PIX_') || k === 'PUBLIC_API_URL'), fn.Properties!.Description).toEqual([]);
    }
  });

  test('an unknown provider fails the synth', () => {
    expect(() => buildTestApp({ context: { 'conversa:paymentProvider': 'paypal' } })).toThrow(/sandbox or efi/);
  });
});
