import { useCallback, useState } from 'react';

/** A dialog's attachment change: a new file (with the type it is sent as), its removal, or none. */
export type AttachmentChange = { file: File; mimetype: string } | 'remove' | undefined;

/**
 * The attachment of a dialog over the stored one (`storedName`): pick a file (refused when `typeOf`
 * gives no type), remove, and the name to show.
 */
export function useAttachmentChange(storedName: string | null | undefined, typeOf: (file: File) => string | undefined) {
  const [change, setChange] = useState<AttachmentChange>();
  const [wrongType, setWrongType] = useState(false);
  const reset = useCallback(() => {
    setChange(undefined);
    setWrongType(false);
  }, []);
  const pick = (file: File) => {
    const mimetype = typeOf(file);
    setWrongType(!mimetype);
    if (mimetype) setChange({ file, mimetype });
  };
  const shown = change === 'remove' ? undefined : change ? change.file.name : (storedName ?? undefined);
  return { change, shown, wrongType, pick, remove: () => setChange(storedName ? 'remove' : undefined), reset };
}
