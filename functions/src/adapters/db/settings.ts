import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SETTINGS, SETTING_KEYS, type SettingKey } from '@conversa/shared/settings';
import { db, table } from './client';
import { keys, partitions } from './keys';

/** All keys of a company with defaults filled in: one Query. */
export async function getSettings(companyId: number): Promise<Record<SettingKey, string>> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': partitions.settings(companyId) } }),
  );
  const stored = new Map((out.Items ?? []).map((i) => [String(i.SK), String(i.value)]));
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, stored.get(k) ?? SETTINGS[k].default])) as Record<SettingKey, string>;
}

export async function putSetting(companyId: number, key: SettingKey, value: string): Promise<void> {
  await db().send(
    new PutCommand({ TableName: table(), Item: { ...keys.setting(companyId, key), entity: 'setting', value, updatedAt: new Date().toISOString() } }),
  );
}
