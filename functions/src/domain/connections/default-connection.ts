import { getConnection, listConnections, type Connection } from '../../adapters/db/connections';
import { AppError } from '../../lib/app-error';

/** The connection asked for (ERR_NO_WAPP_FOUND when gone), else the company's default one (or its only one). */
export async function connectionOrDefault(companyId: number, wanted: number | undefined): Promise<Connection> {
  if (wanted !== undefined) {
    const conn = await getConnection(companyId, wanted);
    if (!conn) throw new AppError('ERR_NO_WAPP_FOUND');
    return conn;
  }
  const all = await listConnections(companyId);
  const def = all.find((c) => c.isDefault) ?? (all.length === 1 ? all[0] : undefined);
  if (!def) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  return def;
}
