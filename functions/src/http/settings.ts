import { SettingKeyParam, UpdateSettingBody } from '@conversa/shared/schemas/settings';
import { endpoint, groupHandler } from './endpoint';
import { listSettings, readSetting, writeSetting } from '../domain/settings/company-settings';

export const handler = groupHandler('settings', {
  'GET /settings': endpoint({}, async ({ auth }) => listSettings(auth)),
  'GET /settings/{key}': endpoint({ params: SettingKeyParam }, async ({ auth, params }) => readSetting(auth, params.key)),
  'PUT /settings/{key}': endpoint({ params: SettingKeyParam, body: UpdateSettingBody }, async ({ auth, params, body }) => writeSetting(auth, params.key, body.value)),
});
