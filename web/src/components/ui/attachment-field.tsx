import { useRef } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { Paperclip, X } from 'lucide-react';

type Props = {
  /** The file shown (a new one's name, or the stored one's); undefined: the attach button. */
  fileName?: string;
  accept: string;
  onPick(file: File): void;
  onRemove(): void;
  labels: { attach: string; remove: string; hint: string };
  /** A rejection of the last file picked, shown under the field. */
  error?: string;
  testId?: string;
  /** Shown but not changeable (a read-only dialog). */
  disabled?: boolean;
};

/** One attachment of a dialog (a schedule's, a lane campaign's): attach, show its name, remove. */
export function AttachmentField({ fileName, accept, onPick, onRemove, labels, error, testId, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="attachment-field">
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onPick(file);
          e.target.value = '';
        }}
      />
      {fileName ? (
        <span className="attachment-field__file">
          <Paperclip size={16} aria-hidden />
          <span>{fileName}</span>
          <button type="button" className="icon-button icon-button--danger" disabled={disabled} aria-label={labels.remove} title={labels.remove} onClick={onRemove}>
            <X size={16} aria-hidden />
          </button>
        </span>
      ) : (
        <Button size="small" gap="0.4rem" isDisabled={disabled} onClick={() => input.current?.click()}>
          <Paperclip size={16} aria-hidden />
          {labels.attach}
        </Button>
      )}
      <span className="muted attachment-field__hint">{labels.hint}</span>
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </div>
  );
}
