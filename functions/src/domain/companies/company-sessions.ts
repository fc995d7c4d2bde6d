/**
 * A company switched off (deactivated or being deleted) is out at once: every session of its users
 * ends (their refresh families deleted, their access tokens refused by `authenticate`, which reads
 * the user item on every call and does not cache it, their sockets told and closed), so the
 * 10-second company cache of `authenticate` in other containers does not keep anyone in.
 */
import { allUsers } from '../../adapters/db/users';
import { endAllSessions } from '../auth/sessions';
import { forgetCompany } from '../auth/authenticate';

export { PLATFORM_COMPANY_ID } from '@conversa/shared/schemas/companies';

export async function endCompanySessions(companyId: number): Promise<void> {
  forgetCompany(companyId);
  const users = await allUsers(companyId);
  for (let i = 0; i < users.length; i += 10) {
    await Promise.all(users.slice(i, i + 10).map((u) => endAllSessions(companyId, u.id)));
  }
}
