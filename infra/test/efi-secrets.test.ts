/**
 * The payment provider's secrets in AWS (adapters/payments/efi.ts, adapters/payment-certificate.ts):
 * the Efí client secret and the .p12 live in Secrets Manager, kept with the data; the settings
 * Lambda (POST /settings/cert-upload) may write a new certificate version and read both; the
 * billing Lambda (charges, and the Pix webhook reads the charge back) only reads them; no other group gets them.
 */
import { describe, expect, test } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { buildTestApp, functionAccess } from './helpers';

const built = buildTestApp({ context: { 'conversa:efiClientId': 'Client_Id_123', 'conversa:pixKey': 'pix@example.com', 'conversa:efiBaseUrl': 'https://pix-h.api.efipay.com.br' } });
const data = Template.fromStack(built.data);
const logicalId = (id: string) => built.data.getLogicalId(built.data.node.findChild(id).node.defaultChild as never);
const names = (v: unknown) => JSON.stringify(v);
const mentions = (v: unknown, id: string) => names(v).includes(logicalId(id));

describe('Efí secrets', () => {
  test('the client secret and the certificate are Secrets Manager secrets of the data stack, retained', () => {
    for (const id of ['EfiClientSecret', 'EfiCertificate']) {
      const res = data.toJSON().Resources[logicalId(id)];
      expect(res.Type).toBe('AWS::SecretsManager::Secret');
      expect(res.DeletionPolicy).toBe('Retain');
    }
  });

  test('the settings Lambda reads both by ARN and may put a new certificate version, not a new client secret', () => {
    const { statements, env } = functionAccess(built.api.functions.get('settings')!.fn);
    expect(mentions(env.EFI_CERTIFICATE_SECRET_ARN, 'EfiCertificate')).toBe(true);
    expect(mentions(env.EFI_CLIENT_SECRET_ARN, 'EfiClientSecret')).toBe(true);
    expect(env).toMatchObject({ EFI_CLIENT_ID: 'Client_Id_123', PIX_KEY: 'pix@example.com', EFI_BASE_URL: 'https://pix-h.api.efipay.com.br' });
    expect(env.EFI_CLIENT_SECRET).toBeUndefined();
    const puts = statements.filter((s) => s.Action.includes('secretsmanager:PutSecretValue'));
    expect(puts.length).toBe(1);
    expect(puts[0]!.Resource.every((r) => mentions(r, 'EfiCertificate'))).toBe(true);
    for (const id of ['EfiCertificate', 'EfiClientSecret']) {
      expect(statements.some((s) => s.Action.includes('secretsmanager:GetSecretValue') && s.Resource.some((r) => mentions(r, id))), id).toBe(true);
    }
    expect(statements.some((s) => s.Action.some((a) => a.startsWith('secretsmanager:')) && s.Resource.includes('*'))).toBe(false);
  });

  test('the billing Lambda reads them and writes neither', () => {
    const { statements, env } = functionAccess(built.api.functions.get('billing')!.fn);
    expect(mentions(env.EFI_CERTIFICATE_SECRET_ARN, 'EfiCertificate')).toBe(true);
    expect(statements.some((s) => s.Action.includes('secretsmanager:GetSecretValue') && s.Resource.some((r) => mentions(r, 'EfiCertificate')))).toBe(true);
    expect(statements.some((s) => s.Action.includes('secretsmanager:PutSecretValue') && s.Resource.some((r) => mentions(r, 'EfiCertificate') || mentions(r, 'EfiClientSecret')))).toBe(false);
  });

  test('groups that do not call the payment provider have neither the ARNs nor access', () => {
    for (const group of ['tickets', 'users', 'contacts', 'auth', 'webhooks']) {
      const { statements, env } = functionAccess(built.api.functions.get(group)!.fn);
      expect(env.EFI_CERTIFICATE_SECRET_ARN, group).toBeUndefined();
      expect(env.EFI_CLIENT_SECRET_ARN, group).toBeUndefined();
      expect(statements.some((s) => s.Resource.some((r) => mentions(r, 'EfiCertificate') || mentions(r, 'EfiClientSecret'))), group).toBe(false);
    }
  });
});
