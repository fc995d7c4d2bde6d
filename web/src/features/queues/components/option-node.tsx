import { useRef, useState } from 'react';
import { Badge, Button, Loader, SelectField, SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, ArrowDown, ArrowUp, ChevronDown, ChevronRight, CornerDownRight, Paperclip, Trash2, Upload } from 'lucide-react';
import { leadsNowhere, pathLabel, type OptionDraft, type OptionPath } from '../lib/chatbot-tree';

export type TreeOps = {
  queues: { id: number; name: string }[];
  errors: Record<string, string>;
  uploadingKey: string | undefined;
  update(path: OptionPath, patch: Partial<OptionDraft>): void;
  /** A fixed name drops its message until the next save. */
  clearError(key: string): void;
  add(parent: OptionPath): void;
  remove(path: OptionPath): void;
  move(path: OptionPath, delta: -1 | 1): void;
  upload(path: OptionPath, option: OptionDraft, file: File): void;
};

type Props = { option: OptionDraft; path: OptionPath; siblings: number; ops: TreeOps };

/** One chatbot option (spec 2 §3, §5) with its sub-options below it. */
export function OptionNode({ option, path, siblings, ops }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(option.id === undefined);
  const file = useRef<HTMLInputElement>(null);
  const label = pathLabel(path);
  const error = ops.errors[option.key];
  const expanded = open || Boolean(error);
  const index = path[path.length - 1]!;
  const nowhere = leadsNowhere(option);
  const field = (f: string) => `option-${label}-${f}`;
  const uploading = ops.uploadingKey === option.key;

  return (
    <li className="bot-option" data-testid={`option-${label}`}>
      <div className="bot-option__head">
        <button type="button" className="bot-option__toggle" aria-expanded={expanded} onClick={() => setOpen(!expanded)} aria-label={t(expanded ? 'queues.chatbot.collapse' : 'queues.chatbot.expand', { path: label })}>
          {expanded ? <ChevronDown size={16} aria-hidden /> : <ChevronRight size={16} aria-hidden />}
          <span className="bot-option__num">{label}</span>
          <span className="bot-option__name">{option.name.trim() || t('queues.chatbot.untitled')}</span>
        </button>
        {nowhere ? (
          <span className="bot-option__warn" role="img" title={t('queues.chatbot.noMessage')} aria-label={t('queues.chatbot.noMessage')} data-testid={field('warning')}>
            <AlertTriangle size={16} aria-hidden />
          </span>
        ) : null}
        {option.isAgent ? <Badge size="small" variation="info">{t('queues.chatbot.isAgent')}</Badge> : null}
        <span className="bot-option__actions">
          <button type="button" className="icon-button" disabled={index === 0} aria-label={t('queues.chatbot.moveUp', { path: label })} title={t('queues.chatbot.moveUp', { path: label })} onClick={() => ops.move(path, -1)}>
            <ArrowUp size={16} aria-hidden />
          </button>
          <button type="button" className="icon-button" disabled={index === siblings - 1} aria-label={t('queues.chatbot.moveDown', { path: label })} title={t('queues.chatbot.moveDown', { path: label })} onClick={() => ops.move(path, 1)}>
            <ArrowDown size={16} aria-hidden />
          </button>
          <button type="button" className="icon-button" aria-label={t('queues.chatbot.addSub', { path: label })} title={t('queues.chatbot.addSub', { path: label })} onClick={() => ops.add(path)}>
            <CornerDownRight size={16} aria-hidden />
          </button>
          <button type="button" className="icon-button icon-button--danger" aria-label={t('queues.chatbot.remove', { path: label })} title={t('queues.chatbot.remove', { path: label })} onClick={() => ops.remove(path)}>
            <Trash2 size={16} aria-hidden />
          </button>
        </span>
      </div>
      {expanded ? (
        <div className="bot-option__body">
          <div className="form__grid">
            <TextField label={t('queues.chatbot.name')} name={field('name')} autoComplete="off" value={option.name} onChange={(e) => { ops.update(path, { name: e.target.value }); if (error) ops.clearError(option.key); }} hasError={Boolean(error)} errorMessage={error ? t(error) : undefined} />
            <SelectField label={t('queues.chatbot.type')} name={field('type')} value={option.optionType} onChange={(e) => ops.update(path, { optionType: e.target.value as OptionDraft['optionType'] })}>
              <option value="text">{t('queues.chatbot.types.text')}</option>
              <option value="file">{t('queues.chatbot.types.file')}</option>
            </SelectField>
          </div>
          {option.optionType === 'text' ? (
            <TextAreaField label={t('queues.chatbot.message')} name={field('message')} rows={3} value={option.greetingMessage} onChange={(e) => ops.update(path, { greetingMessage: e.target.value })} descriptiveText={nowhere && option.options.length ? t('queues.chatbot.noMessage') : undefined} />
          ) : option.id === undefined ? (
            <p className="form-note" role="note">{t('queues.chatbot.fileSaveFirst')}</p>
          ) : (
            <div className="bot-option__file">
              <input ref={file} type="file" hidden data-testid={field('file')} onChange={(e) => { const f = e.target.files?.[0]; if (f) ops.upload(path, option, f); e.target.value = ''; }} />
              {option.mediaName ? (
                <span className="qm-media__file">
                  <Paperclip size={15} aria-hidden />
                  {option.mediaName}
                </span>
              ) : null}
              <Button size="small" gap="0.4rem" isDisabled={uploading} onClick={() => file.current?.click()}>
                {uploading ? <Loader /> : <Upload size={15} aria-hidden />}
                {option.mediaName ? t('queues.chatbot.replaceFile') : t('queues.chatbot.attach')}
              </Button>
            </div>
          )}
          <div className="form__grid">
            <SwitchField label={t('queues.chatbot.isAgent')} name={field('isAgent')} isChecked={option.isAgent} onChange={(e) => ops.update(path, { isAgent: e.target.checked })} />
            <SelectField label={t('queues.chatbot.forward')} name={field('forward')} value={option.forwardQueueId === null ? '' : String(option.forwardQueueId)} onChange={(e) => ops.update(path, { forwardQueueId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">{t('queues.chatbot.noForward')}</option>
              {ops.queues.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                </option>
              ))}
            </SelectField>
          </div>
          {option.isAgent ? <p className="muted bot-option__hint">{t('queues.chatbot.isAgentHint')}</p> : null}
        </div>
      ) : null}
      {option.options.length ? (
        <ol className="bot-tree bot-tree--nested">
          {option.options.map((o, i) => (
            <OptionNode key={o.key} option={o} path={[...path, i]} siblings={option.options.length} ops={ops} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}
