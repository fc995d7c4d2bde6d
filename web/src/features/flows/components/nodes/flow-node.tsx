import { memo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { Copy, Trash2 } from 'lucide-react';
import type { FlowNodeType } from '@conversa/shared/schemas/flows';
import { useTags } from '../../../../lib/get-tags';
import { useQueues } from '../../../../lib/queues';
import { useFlowFile } from '../../api/get-flow-file';
import { cardsOf } from '../../lib/node-forms';
import { useEditorActions } from './editor-actions';
import { NODE_LOOK } from './node-icons';

type Data = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** An output on the right with its label (menu options, a/b, true/false, success/error). */
function Output({ id, label, tone }: { id: string; label: ReactNode; tone?: string }) {
  return (
    <div className="flow-node__out" data-handle={id}>
      <span className="flow-node__out-label" style={tone ? { color: tone } : undefined}>
        {label}
      </span>
      <Handle type="source" position={Position.Right} id={id} className="flow-node__handle flow-node__handle--out" />
    </div>
  );
}

function FilePreview({ kind, name, record }: { kind: 'img' | 'audio' | 'video' | 'document'; name: string; record?: boolean }) {
  const { t } = useTranslation();
  const file = useFlowFile(kind === 'img' && name ? name : undefined);
  if (!name) return <p className="flow-node__muted">{t('flows.node.noFile')}</p>;
  return (
    <div className="flow-node__file">
      {kind === 'img' && file.data ? <img src={file.data.url} alt={name} className="flow-node__img" /> : null}
      <span className="flow-node__file-name">{name}</span>
      {kind === 'audio' && record ? <span className="flow-node__muted">{t('flows.node.recorded')}</span> : null}
    </div>
  );
}

function QueueName({ id }: { id: number }) {
  const { t } = useTranslation();
  const queue = useQueues().data?.find((q) => q.id === id);
  return (
    <p className="flow-node__text">
      {queue ? <span className="flow-node__dot" style={{ background: queue.color }} aria-hidden /> : null}
      {queue?.name ?? t('flows.node.queueId', { id })}
    </p>
  );
}

function TagName({ id }: { id: number }) {
  const { t } = useTranslation();
  const tag = useTags().data?.find((x) => x.id === id);
  return (
    <p className="flow-node__text">
      {tag ? <span className="flow-node__dot" style={{ background: tag.color }} aria-hidden /> : null}
      {tag?.name ?? t('flows.node.tagId', { id })}
    </p>
  );
}

/** What a node shows under its title, by type. */
function Body({ type, data }: { type: FlowNodeType; data: Data }) {
  const { t } = useTranslation();
  switch (type) {
    case 'start':
      return <p className="flow-node__text">{str(data.label) || t('flows.node.startLabel')}</p>;
    case 'message':
    case 'closeTicket':
      return <p className="flow-node__text">{str(data.label)}</p>;
    case 'interval':
      return <p className="flow-node__text">{t('flows.node.seconds', { sec: str(data.sec) })}</p>;
    case 'question':
      return (
        <>
          <p className="flow-node__text">{str(data.label)}</p>
          <p className="flow-node__chip">{t('flows.node.variable', { name: str(data.variable) })}</p>
        </>
      );
    case 'collect':
      return <p className="flow-node__chip">{t('flows.node.collects', { name: str(data.collect) })}</p>;
    case 'condition':
      return (
        <p className="flow-node__text">
          <code>{str(data.key)}</code> {t(`flows.dialog.operators.${str(data.condition) || '1'}`)} {data.condition === 6 ? null : <code>{str(data.value)}</code>}
        </p>
      );
    case 'queue':
      return <QueueName id={Number(data.queue)} />;
    case 'tag':
      return <TagName id={Number(data.tag)} />;
    case 'httpRequest':
      return (
        <p className="flow-node__text flow-node__url">
          <strong>{str(data.method).toUpperCase()}</strong> {str(data.url)}
        </p>
      );
    case 'updateContact':
      return (
        <ul className="flow-node__list">
          {(['name', 'email', 'zipCode', 'address', 'bussinesName'] as const).filter((k) => str(data[k])).map((k) => (
            <li key={k}>
              {t(`flows.dialog.contact.${k}`)}: {str(data[k])}
            </li>
          ))}
        </ul>
      );
    case 'singleBlock': {
      const cards = cardsOf(data as never);
      return (
        <ol className="flow-node__list">
          {cards.map((c, i) => (
            <li key={i}>
              <strong>{t(`flows.dialog.cards.${c.kind}`)}</strong> {c.kind === 'message' ? c.value : c.kind === 'interval' ? `${c.value}s` : c.original ?? c.stored}
            </li>
          ))}
        </ol>
      );
    }
    case 'img':
    case 'audio':
    case 'video':
    case 'document':
      return <FilePreview kind={type} name={str(data.url)} record={data.record === true} />;
    default:
      return null;
  }
}

/** The outputs of a node: one per menu option (`a<n>`), a/b with their percentages, true/false, success/error, else one. */
function Outputs({ type, data }: { type: FlowNodeType; data: Data }) {
  const { t } = useTranslation();
  if (type === 'menu') {
    const options = (data.arrayOption as { number: number; value: string }[] | undefined) ?? [];
    return (
      <div className="flow-node__outs">
        {options.map((o) => (
          <Output key={o.number} id={`a${o.number}`} label={`[${o.number}] ${o.value}`} />
        ))}
      </div>
    );
  }
  if (type === 'randomizer') {
    const a = Number(data.percent ?? 0);
    return (
      <div className="flow-node__outs">
        <Output id="a" label={`${a}%`} />
        <Output id="b" label={`${100 - a}%`} />
      </div>
    );
  }
  if (type === 'condition') {
    return (
      <div className="flow-node__outs">
        <Output id="true" label={t('flows.node.yes')} tone="var(--success)" />
        <Output id="false" label={t('flows.node.no')} tone="var(--danger)" />
      </div>
    );
  }
  if (type === 'httpRequest') {
    return (
      <div className="flow-node__outs">
        <Output id="success" label={t('flows.node.success')} tone="var(--success)" />
        <Output id="error" label={t('flows.node.error')} tone="var(--danger)" />
      </div>
    );
  }
  return <Handle type="source" position={Position.Right} className="flow-node__handle flow-node__handle--out" />;
}

/** Every node on the canvas (spec 3 "Flow editor"): its title and icon, duplicate and delete, a left input and its right outputs. */
export const FlowNode = memo(function FlowNode({ id, type, data, selected }: NodeProps) {
  const { t } = useTranslation();
  const actions = useEditorActions();
  const nodeType = type as FlowNodeType;
  const { icon: Icon, color } = NODE_LOOK[nodeType];
  const title = t(`flows.node.type.${nodeType}`);
  return (
    <div className={`flow-node${selected ? ' flow-node--selected' : ''}`} style={{ '--node-tone': color } as CSSProperties} data-testid={`node-${nodeType}`} data-node-id={id}>
      {nodeType !== 'start' ? <Handle type="target" position={Position.Left} className="flow-node__handle flow-node__handle--in" /> : null}
      <header className="flow-node__head">
        <Icon size={16} aria-hidden className="flow-node__icon" />
        <span className="flow-node__title">{title}</span>
        {nodeType !== 'start' ? (
          <span className="flow-node__tools nodrag">
            <button type="button" className="flow-node__tool" aria-label={`${t('flows.node.duplicate')} ${title}`} title={t('flows.node.duplicate')} onClick={() => actions.duplicate(id)}>
              <Copy size={14} aria-hidden />
            </button>
            <button type="button" className="flow-node__tool flow-node__tool--danger" aria-label={`${t('flows.node.remove')} ${title}`} title={t('flows.node.remove')} onClick={() => actions.remove(id)}>
              <Trash2 size={14} aria-hidden />
            </button>
          </span>
        ) : null}
      </header>
      <div className="flow-node__body">
        <Body type={nodeType} data={data as Data} />
      </div>
      <Outputs type={nodeType} data={data as Data} />
    </div>
  );
});
