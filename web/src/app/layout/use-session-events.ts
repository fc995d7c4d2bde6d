import { useTranslation } from 'react-i18next';
import { channel } from '@conversa/shared/realtime';
import { getToken } from '../../lib/auth-token';
import { clearSession, patchMe, useUser } from '../../lib/auth';
import { sessionIdOf } from '../../lib/jwt';
import { useChannel } from '../../lib/realtime';
import { clearStorage } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { isEndedSession, isReplacedSession } from './session-replaced';

export const SESSION_REPLACED_RELOAD_MS = 1_000;

/**
 * `company-{id}-auth`: the same user signed in on another computer (the server has ended this
 * session with that login) → toast, clear local storage, reload after 1 s (spec 1 §4);
 * the server ended this session → toast, signed out. `company-{id}-user`: my own record changed or was deleted.
 */
export function useSessionEvents(): void {
  const { t } = useTranslation();
  const me = useUser();

  useChannel(channel.auth(me.companyId), ({ data }) => {
    const mine = sessionIdOf(getToken());
    if (isEndedSession(data, mine)) {
      toast.error(t('errors.sessionEnded'));
      return clearSession();
    }
    if (!isReplacedSession(data, me.id, mine)) return;
    toast.error(t('errors.sessionReplaced'));
    setTimeout(() => {
      clearStorage();
      window.location.reload();
    }, SESSION_REPLACED_RELOAD_MS);
  });

  useChannel(channel.user(me.companyId), ({ data }) => {
    if (data.action === 'update' && data.user.id === me.id) patchMe(data.user);
    if (data.action === 'delete' && data.userId === me.id) clearSession();
  });
}
