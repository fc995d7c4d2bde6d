/**
 * Baileys' auth state (creds + signal keys) in DynamoDB through wa-auth-state.ts, serialised
 * with Baileys' BufferJSON, so a restarted or another host resumes the login without a new QR.
 */
import { BufferJSON, initAuthCreds, proto, type AuthenticationCreds, type SignalDataTypeMap, type SignalKeyStore } from '@whiskeysockets/baileys';
import { clearAuthState, readAuthItem, readAuthItems, writeAuthItems } from '@conversa/functions/adapters/db/wa-auth-state';

/** Where the serialised items live (the DynamoDB adapter by default; tests use memory). */
export type AuthStore = {
  read(names: readonly string[]): Promise<Map<string, string>>;
  write(entries: readonly { name: string; data: string | null }[]): Promise<void>;
  clear(): Promise<void>;
};

export const dynamoAuthStore = (companyId: number, whatsappId: number): AuthStore => ({
  read: (names) => (names.length === 1 ? readAuthItem(companyId, whatsappId, names[0]!).then((v) => new Map(v === undefined ? [] : [[names[0]!, v]])) : readAuthItems(companyId, whatsappId, names)),
  write: (entries) => writeAuthItems(companyId, whatsappId, entries),
  clear: async () => void (await clearAuthState(companyId, whatsappId)),
});

export function memoryAuthStore(): AuthStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    read: async (names) => new Map(names.filter((n) => items.has(n)).map((n) => [n, items.get(n)!])),
    write: async (entries) => {
      for (const e of entries) e.data === null ? items.delete(e.name) : items.set(e.name, e.data);
    },
    clear: async () => items.clear(),
  };
}

const CREDS = 'creds';

export async function useStoredAuthState(store: AuthStore): Promise<{ state: { creds: AuthenticationCreds; keys: SignalKeyStore }; saveCreds: () => Promise<void> }> {
  const stored = (await store.read([CREDS])).get(CREDS);
  const creds: AuthenticationCreds = stored ? (JSON.parse(stored, BufferJSON.reviver) as AuthenticationCreds) : initAuthCreds();
  const keys: SignalKeyStore = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const found = await store.read(ids.map((id) => `${type}-${id}`));
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        const raw = found.get(`${type}-${id}`);
        if (raw === undefined) continue;
        let value = JSON.parse(raw, BufferJSON.reviver) as unknown;
        if (type === 'app-state-sync-key' && value) value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
        out[id] = value as SignalDataTypeMap[T];
      }
      return out;
    },
    async set(data) {
      const entries: { name: string; data: string | null }[] = [];
      for (const [type, byId] of Object.entries(data)) {
        for (const [id, value] of Object.entries(byId ?? {})) entries.push({ name: `${type}-${id}`, data: value ? JSON.stringify(value, BufferJSON.replacer) : null });
      }
      await store.write(entries);
    },
    clear: () => store.clear(),
  };
  return { state: { creds, keys }, saveCreds: () => store.write([{ name: CREDS, data: JSON.stringify(creds, BufferJSON.replacer) }]) };
}
