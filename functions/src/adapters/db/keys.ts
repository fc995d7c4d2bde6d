/**
 * Physical keys of the single table. Every company item's partition key begins `C#<companyId>`;
 * platform-wide items begin `P#`. See ACCESS_PATTERNS.md.
 */
export const pad = (n: number, width = 10): string => String(n).padStart(width, '0');

/**
 * An item without its key and bookkeeping attributes (`omit`): the entity as the domain sees it.
 * A copy by for…in: an object rest pattern over a ticket's ~35 attributes took ~11 µs an item,
 * this ~3 (node 20), and a page of the lists maps 20 to 50 of them.
 */
export function withoutAttributes(item: Record<string, unknown>, omit: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in item) if (!omit.has(k)) out[k] = item[k];
  return out;
}

/** A table attribute that only places an item (its keys and index keys), never part of what it is. */
export const isStorageKey = (name: string): boolean => name === 'PK' || name === 'SK' || name === 'entity' || /^GSI\d+(PK|SK)$/.test(name);

/** An item without its storage keys (PK, SK, GSIn keys, entity) and the other attributes named. */
export function fromItem(item: Record<string, unknown>, ...omit: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in item) if (!isStorageKey(k) && !omit.includes(k)) out[k] = item[k];
  return out;
}

export const keys = {
  company: (cid: number) => ({ PK: `P#COMPANY#${cid}`, SK: 'META' }),
  companyList: (cid: number) => ({ GSI1PK: 'P#COMPANIES', GSI1SK: pad(cid) }),
  plan: (id: number) => ({ PK: 'P#PLANS', SK: pad(id) }),
  platformCounter: (name: string) => ({ PK: 'P#COUNTER', SK: name }),
  counter: (cid: number, name: string) => ({ PK: `C#${cid}#COUNTER`, SK: name }),
  user: (cid: number, id: number) => ({ PK: `C#${cid}#USERS`, SK: pad(id) }),
  email: (email: string) => ({ PK: `P#EMAIL#${email}`, SK: 'EMAIL' }),
  setting: (cid: number, key: string) => ({ PK: `C#${cid}#SETTINGS`, SK: key }),
  session: (cid: number, family: string) => ({ PK: `C#${cid}#SESSIONS`, SK: family }),
  rateLimit: (bucket: string, window: number) => ({ PK: `P#RL#${bucket}`, SK: String(window) }),
  resetCode: (email: string) => ({ PK: `P#RESET#${email}`, SK: 'CODE' }),
  wsConnection: (cid: number, connectionId: string) => ({ PK: `C#${cid}#WS`, SK: connectionId }),
  wsIndex: (connectionId: string) => ({ PK: `P#WS#${connectionId}`, SK: 'WS' }),
  queue: (cid: number, id: number) => ({ PK: `C#${cid}#QUEUES`, SK: pad(id) }),
  whatsapp: (cid: number, id: number) => ({ PK: `C#${cid}#WHATSAPPS`, SK: pad(id) }),
  /** The platform's payment provider state: its certificate (`CERTIFICATE`) and webhook registration (`WEBHOOK`). */
  payment: (what: 'CERTIFICATE' | 'WEBHOOK') => ({ PK: 'P#PAYMENT', SK: what }),
} as const;

export const partitions = {
  users: (cid: number) => `C#${cid}#USERS`,
  settings: (cid: number) => `C#${cid}#SETTINGS`,
  ws: (cid: number) => `C#${cid}#WS`,
  plans: 'P#PLANS',
  payment: 'P#PAYMENT',
} as const;

/** Opaque cursors: the LastEvaluatedKey, base64url JSON. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}
export function decodeCursor(cursor: string | undefined, expectedPK: string): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    // A cursor from another partition (another company) is refused, never followed.
    if (typeof key !== 'object' || key === null || (key.PK !== expectedPK && key.GSI1PK !== expectedPK && key.GSI2PK !== expectedPK)) return undefined;
    return key;
  } catch {
    return undefined;
  }
}
