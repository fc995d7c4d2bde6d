import { useTranslation } from 'react-i18next';
import type { UserView } from '@conversa/shared/schemas/auth';
import { channel } from '@conversa/shared/realtime';
import { getToken } from '../../lib/auth-token';
import { clearSession, patchMe, useUser } from '../../lib/auth';
import { sessionIdOf } from '../../lib/jwt';
import { useChannel } from '../../lib/realtime';
import { clearStorage } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { isReplacedSession } from './session-replaced';

export const SESSION_REPLACED_RELOAD_MS = 1_000;

/**
 * `company-{id}-auth`: the same user signed in on another computer → toast, clear local storage,
 * reload after 1 s (spec 1 §4). `company-{id}-user`: my own record changed or was deleted.
 */
export function useSessionEvents(): void {
  const { t } = useTranslation();
  const me = useUser();

  useChannel<{ user?: { id?: number }; sessionId?: string }>(channel.auth(me.companyId), ({ data }) => {
    if (!isReplacedSession(data, me.id, sessionIdOf(getToken()))) return;
    toast.error(t('errors.sessionReplaced'));
    setTimeout(() => {
      clearStorage();
      window.location.reload();
    }, SESSION_REPLACED_RELOAD_MS);
  });

  useChannel<{ user?: UserView; userId?: number }>(channel.user(me.companyId), ({ data }) => {
    if (data.action === 'update' && data.user?.id === me.id) patchMe(data.user);
    if (data.action === 'delete' && (data.userId ?? data.user?.id) === me.id) clearSession();
  });
}
