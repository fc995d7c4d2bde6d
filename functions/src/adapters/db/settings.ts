import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SETTINGS, SETTING_KEYS, type SettingKey } from '@conversa/shared/settings';
import { db, table } from './client';
import { keys, pad, partitions } from './keys';

/** All keys of a company with defaults filled in: one Query. */
export async function getSettings(companyId: number): Promise<Record<SettingKey, string>> {
  const out = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': partitions.settings(companyId) } }),
  );
  const stored = new Map((out.Items ?? []).map((i) => [String(i.SK), String(i.value)]));
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, stored.get(k) ?? SETTINGS[k].default])) as Record<SettingKey, string>;
}

/**
 * Companies that close idle tickets (`hoursCloseTicketsAuto` set to whole hours > 0) are listed in
 * GSI1 under `P#AUTOCLOSE` by their setting item itself (sparse: a Put without the keys drops it),
 * so the tick reads only them.
 */
export const AUTO_CLOSE_INDEX = 'P#AUTOCLOSE';
const autoCloseKeys = (companyId: number, key: SettingKey, value: string) =>
  key === 'hoursCloseTicketsAuto' && Number(value) > 0 ? { GSI1PK: AUTO_CLOSE_INDEX, GSI1SK: pad(companyId) } : {};

export async function putSetting(companyId: number, key: SettingKey, value: string): Promise<void> {
  await db().send(
    new PutCommand({ TableName: table(), Item: { ...keys.setting(companyId, key), entity: 'setting', value, updatedAt: new Date().toISOString(), ...autoCloseKeys(companyId, key, value) } }),
  );
}

/** Every company with `hoursCloseTicketsAuto` on, and its hours (one Query of the sparse index). */
export async function autoCloseCompanies(): Promise<{ companyId: number; hours: number }[]> {
  const out: { companyId: number; hours: number }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ TableName: table(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': AUTO_CLOSE_INDEX }, ExclusiveStartKey: start }),
    );
    for (const i of page.Items ?? []) out.push({ companyId: Number(i.GSI1SK), hours: Number(i.value) });
    start = page.LastEvaluatedKey;
  } while (start);
  return out.filter((c) => c.hours > 0);
}
