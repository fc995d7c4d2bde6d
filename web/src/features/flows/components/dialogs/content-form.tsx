import { FLOW_LIMITS } from '@conversa/shared/schemas/flows';
import { useState, type FormEvent } from 'react';
import { Button, CheckboxField, Loader, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { notifyError } from '../../../../lib/notify';
import { toast } from '../../../../lib/toast';
import { uploadContentFiles } from '../../api/upload-flow-files';
import { FLOW_TOAST_MS } from '../../lib/flow-name';
import { compressImage } from '../../lib/image-compress';
import { CARD_KINDS, cardsOf, cardsProblem, fileProblem, singleBlockData, type Card, type CardKind } from '../../lib/node-forms';
import { FilePick, FilePreview } from './file-form';
import { FormError } from './form-error';
import { useNodeSubmit, type NodeFormProps } from './form-props';

const blank = (kind: CardKind): Card => (kind === 'message' || kind === 'interval' ? { kind, value: '' } : { kind, record: true });

/** One card: text, seconds, or a file with its preview (audio: the 'gravado na hora' flag). */
function CardEditor({ card, index, onChange, onRemove, onProblem }: { card: Card; index: number; onChange(c: Card): void; onRemove(): void; onProblem(key: string, values?: Record<string, string | number>): void }) {
  const { t } = useTranslation();
  const name = t(`flows.dialog.cards.${card.kind}`);
  return (
    <li className="flow-card" data-testid={`content-card-${index}`}>
      <header className="flow-card__head">
        <strong>
          {index + 1}. {name}
        </strong>
        <button type="button" className="icon-button icon-button--danger" aria-label={t('flows.dialog.removeCard', { name: `${index + 1}. ${name}` })} onClick={onRemove}>
          <Trash2 size={16} aria-hidden />
        </button>
      </header>
      {card.kind === 'message' ? <TextAreaField label={t('flows.dialog.message')} name={`card-${index}`} rows={3} value={card.value} onChange={(e) => onChange({ ...card, value: e.target.value })} /> : null}
      {card.kind === 'interval' ? <TextField label={t('flows.dialog.interval')} name={`card-${index}`} type="number" min={0} max={FLOW_LIMITS.intervalMaxSec} inputMode="numeric" value={card.value} onChange={(e) => onChange({ ...card, value: e.target.value })} /> : null}
      {card.kind !== 'message' && card.kind !== 'interval' ? (
        <>
          {card.file || card.stored ? <FilePreview key={card.file ? card.file.name + card.file.size : card.stored} kind={card.kind} file={card.file} stored={card.file ? undefined : card.stored} /> : null}
          {!card.stored ? (
            <FilePick
              kind={card.kind}
              label={t('flows.dialog.pickFile')}
              testId={`content-file-${index}`}
              onPick={(f) => {
                const p = fileProblem(card.kind as 'img', f);
                if (p) return onProblem(p.key, p.values);
                onChange({ ...card, file: f });
              }}
            />
          ) : null}
          {card.kind === 'audio' ? <CheckboxField label={t('flows.dialog.record')} name={`record-${index}`} checked={card.record} onChange={(e) => onChange({ ...card, record: e.target.checked })} /> : null}
        </>
      ) : null}
    </li>
  );
}

/**
 * Conteúdo (spec 3 §4, §5): cards added in order with Texto, Intervalo, Imagem, Audio, Video, PDF,
 * each removable; on save the new files are uploaded together ('Subindo os arquivos e criando o
 * conteúdo...') and the block keeps them by stored name.
 */
export function ContentForm({ formId, initial, onDone, setBusy }: NodeFormProps) {
  const { t } = useTranslation();
  const [cards, setCards] = useState<Card[]>(() => (initial ? cardsOf(initial as never) : []));
  const [uploading, setUploading] = useState(false);
  const { error, fail, submit } = useNodeSubmit('singleBlock', onDone);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const p = cardsProblem(cards);
    if (p) return fail(p);
    const files = cards.flatMap((c) => (c.kind !== 'message' && c.kind !== 'interval' && c.file ? [c] : []));
    setUploading(true);
    setBusy(true);
    try {
      const ready = await Promise.all(files.map((c) => (c.kind === 'img' ? compressImage(c.file!).catch(() => c.file!) : Promise.resolve(c.file!))));
      const names = await uploadContentFiles(ready);
      if (files.length > 0) toast.success(t('flows.dialog.contentAdded'), FLOW_TOAST_MS);
      submit(singleBlockData(cards, names));
    } catch (err) {
      notifyError(err);
    } finally {
      setUploading(false);
      setBusy(false);
    }
  };

  if (uploading) {
    return (
      <div className="flow-form__uploading" role="status">
        <Loader size="large" /> {t('flows.dialog.contentUploading')}
      </div>
    );
  }
  return (
    <form id={formId} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="flow-form__card-buttons">
        {CARD_KINDS.map((k) => (
          <Button key={k} type="button" size="small" onClick={() => setCards((cs) => [...cs, blank(k)])}>
            {t(`flows.dialog.cards.${k}`)}
          </Button>
        ))}
      </div>
      {cards.length === 0 ? <p className="form-note">{t('flows.dialog.contentEmpty')}</p> : null}
      <ol className="flow-cards">
        {cards.map((c, i) => (
          <CardEditor
            key={i}
            card={c}
            index={i}
            onChange={(next) => setCards((cs) => cs.map((x, j) => (j === i ? next : x)))}
            onRemove={() => setCards((cs) => cs.filter((_, j) => j !== i))}
            onProblem={(key, values) => fail({ key, values })}
          />
        ))}
      </ol>
      <FormError message={error} />
    </form>
  );
}
