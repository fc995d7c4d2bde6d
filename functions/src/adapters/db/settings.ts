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

/** How long a container trusts settings it read for the message path (the bot, event audiences). */
export const RECENT_SETTINGS_MS = 2_000;
const recent = new Map<number, { at: number; value: Promise<Record<SettingKey, string>> }>();

/**
 * The settings as read at most RECENT_SETTINGS_MS ago by this container: the inbound path reads
 * them once per company every two seconds instead of once per message. A change made through this
 * container (putSetting) is seen at once; one made elsewhere within two seconds.
 */
export function recentSettings(companyId: number): Promise<Record<SettingKey, string>> {
  const hit = recent.get(companyId);
  if (hit && Date.now() - hit.at < RECENT_SETTINGS_MS) return hit.value;
  const value = getSettings(companyId);
  recent.set(companyId, { at: Date.now(), value });
  value.catch(() => recent.delete(companyId));
  if (recent.size > 10_000) recent.clear();
  return value;
}

/** Drops what recentSettings holds (tests that run the worker in their own process after changing settings through the API). */
export function forgetRecentSettings(): void {
  recent.clear();
}

/**
 * Companies that close idle tickets (`hoursCloseTicketsAuto` set to whole hours > 0) are listed in
 * GSI1 under `P#AUTOCLOSE` by their setting item itself (sparse: a Put without the keys drops it),
 * so the tick reads only them.
 */
export const AUTO_CLOSE_INDEX = 'P#AUTOCLOSE';
const autoCloseKeys = (companyId: number, key: SettingKey, value: string) =>
  key === 'hoursCloseTicketsAuto' && Number(value) > 0 ? { GSI1PK: AUTO_CLOSE_INDEX, GSI1SK: pad(companyId) } : {};

/** Stores one key; answers the value it replaced (undefined when the key had its default). */
export async function putSetting(companyId: number, key: SettingKey, value: string): Promise<string | undefined> {
  recent.delete(companyId);
  const out = await db().send(
    new PutCommand({ TableName: table(), Item: { ...keys.setting(companyId, key), entity: 'setting', value, updatedAt: new Date().toISOString(), ...autoCloseKeys(companyId, key, value) }, ReturnValues: 'ALL_OLD' }),
  );
  recent.delete(companyId);
  return out.Attributes?.value as string | undefined;
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
