import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';

type Props = {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
};

/** A modal on the native <dialog> (focus trap, Escape and top layer come with it). */
export function Modal({ open, title, onClose, children, footer, size = 'medium' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose(); // backdrop click
      }}
    >
      {open ? (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
              <X size={20} aria-hidden />
            </button>
          </header>
          <div className="modal__body">{children}</div>
          {footer ? <footer className="modal__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** A form dialog's footer: Cancel (closes, off while saving) and Save (submits `formId`, spinning while saving). */
export function FormFooter({ formId, pending, onCancel, saveLabel }: { formId: string; pending: boolean; onCancel(): void; saveLabel?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variation="link" onClick={onCancel} isDisabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form={formId} variation="primary" isLoading={pending}>
        {saveLabel ?? t('common.save')}
      </Button>
    </>
  );
}
