import { CertUploadBody, CertUploadQuery } from '@conversa/shared/schemas/payment-certificate';
import { SettingKeyParam, UpdateSettingBody } from '@conversa/shared/schemas/settings';
import { endpoint, groupHandler } from './endpoint';
import { listSettings, readSetting, writeSetting } from '../domain/settings/company-settings';
import { paymentCertificateInfo, registerPaymentWebhook, uploadPaymentCertificate } from '../domain/billing/payment-certificate';

export const handler = groupHandler('settings', {
  'GET /settings': endpoint({}, async ({ auth }) => listSettings(auth)),
  'GET /settings/{key}': endpoint({ params: SettingKeyParam }, async ({ auth, params }) => readSetting(auth, params.key)),
  'PUT /settings/{key}': endpoint({ params: SettingKeyParam, body: UpdateSettingBody }, async ({ auth, params, body }) => writeSetting(auth, params.key, body.value)),
  'POST /settings/cert-upload': endpoint({ query: CertUploadQuery, body: CertUploadBody }, async ({ auth, body }) => uploadPaymentCertificate(auth, body)),
  'GET /settings/payment-certificate': endpoint({}, async () => paymentCertificateInfo()),
  'POST /settings/payment-webhook': endpoint({}, async ({ auth }) => registerPaymentWebhook(auth)),
});
