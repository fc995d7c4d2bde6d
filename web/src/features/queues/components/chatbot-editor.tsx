import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { addOption, moveOption, removeOption, updateOption, type OptionDraft, type OptionPath } from '../lib/chatbot-tree';
import { OptionNode, type TreeOps } from './option-node';

type Props = {
  value: OptionDraft[];
  onChange(next: (tree: OptionDraft[]) => OptionDraft[]): void;
  errors: Record<string, string>;
  /** Queues an option may forward to (not the one edited). */
  queues: { id: number; name: string }[];
  uploadingKey: string | undefined;
  onUpload(path: OptionPath, option: OptionDraft, file: File): void;
  onClearError(key: string): void;
};

/** The chatbot option editor of the queue modal: a tree with options added at any level. */
export function ChatbotEditor({ value, onChange, errors, queues, uploadingKey, onUpload, onClearError }: Props) {
  const { t } = useTranslation();
  const ops: TreeOps = {
    queues,
    errors,
    uploadingKey,
    update: (path, patch) => onChange((tree) => updateOption(tree, path, patch)),
    add: (parent) => onChange((tree) => addOption(tree, parent)),
    remove: (path) => onChange((tree) => removeOption(tree, path)),
    move: (path, delta) => onChange((tree) => moveOption(tree, path, delta)),
    upload: onUpload,
    clearError: onClearError,
  };
  return (
    <section className="bot-editor" aria-labelledby="bot-editor-title">
      <div className="bot-editor__head">
        <div>
          <h3 id="bot-editor-title" className="bot-editor__title">{t('queues.chatbot.title')}</h3>
          <p className="muted bot-editor__hint">{t('queues.chatbot.hint')}</p>
        </div>
        <Button size="small" gap="0.35rem" onClick={() => ops.add([])}>
          <Plus size={15} aria-hidden />
          {t('queues.chatbot.add')}
        </Button>
      </div>
      {value.length === 0 ? (
        <p className="muted bot-editor__empty">{t('queues.chatbot.empty')}</p>
      ) : (
        <ol className="bot-tree">
          {value.map((o, i) => (
            <OptionNode key={o.key} option={o} path={[i]} siblings={value.length} ops={ops} />
          ))}
        </ol>
      )}
    </section>
  );
}
