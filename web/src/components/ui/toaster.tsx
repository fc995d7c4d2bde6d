import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '../../lib/toast';

/** Renders the toast stack (bottom-left of the content; over the top bar's greeting on phones: see global.css). */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <div className="toaster" aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__text">{toast.message}</span>
          <button type="button" className="toast__close" aria-label={t('common.close')} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
