/**
 * Toasts a failed call the way spec 1 §8 says (translated code / raw message / generic). The error
 * catalogue (four languages) is fetched on the first error, not with the login page.
 */
import { currentLang, i18n } from './i18n';
import { toast } from './toast';

export function notifyError(err: unknown): void {
  import('./error-message').then(
    ({ errorMessage }) => toast.error(errorMessage(err, currentLang(), i18n.t('errors.generic'))),
    () => toast.error(i18n.t('errors.generic')),
  );
}
