import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { FlowNodeType } from '@conversa/shared/schemas/flows';
import { Modal } from '../../../../components/ui/modal';
import type { EditorNode } from '../../lib/graph';
import { ConditionForm, QueueForm, TagForm } from './choice-forms';
import { ContentForm } from './content-form';
import { FileForm } from './file-form';
import type { NodeData, NodeFormProps } from './form-props';
import { HttpForm } from './http-form';
import { MenuForm } from './menu-form';
import { CollectForm, IntervalForm, QuestionForm, RandomizerForm, TextForm, UpdateContactForm } from './simple-forms';

export type NodeDialogState = { open: false } | { open: true; mode: 'create' | 'edit'; type: FlowNodeType; nodeId?: string; initial?: NodeData };

function NodeForm({ type, ...props }: NodeFormProps & { type: FlowNodeType }) {
  switch (type) {
    case 'message':
    case 'closeTicket':
      return <TextForm {...props} type={type} />;
    case 'interval':
      return <IntervalForm {...props} />;
    case 'question':
      return <QuestionForm {...props} />;
    case 'collect':
      return <CollectForm {...props} />;
    case 'randomizer':
      return <RandomizerForm {...props} />;
    case 'updateContact':
      return <UpdateContactForm {...props} />;
    case 'queue':
      return <QueueForm {...props} />;
    case 'tag':
      return <TagForm {...props} />;
    case 'condition':
      return <ConditionForm {...props} />;
    case 'menu':
      return <MenuForm {...props} />;
    case 'img':
    case 'audio':
    case 'video':
    case 'document':
      return <FileForm {...props} kind={type} />;
    case 'singleBlock':
      return <ContentForm {...props} />;
    case 'httpRequest':
      return <HttpForm {...props} />;
    case 'start':
      return null;
  }
}

type Props = { state: NodeDialogState; nodes: readonly EditorNode[]; onClose(): void; onDone(state: Extract<NodeDialogState, { open: true }>, data: NodeData): void };

/**
 * A node's dialog (spec 3 §4): create or edit mode sets its title and its button (Adicionar or
 * Salvar); while a file uploads it shows its spinner and hides the buttons.
 */
export function NodeDialog({ state, nodes, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!state.open) return <Modal open={false} title="" onClose={onClose}>{null}</Modal>;
  const formId = `flow-node-form-${state.type}`;
  const wide = state.type === 'httpRequest' || state.type === 'singleBlock' || state.type === 'menu';
  return (
    <Modal
      open
      title={t(`flows.dialog.titles.${state.type}.${state.mode}`)}
      onClose={() => !busy && onClose()}
      size={wide ? 'large' : 'medium'}
      footer={
        busy ? null : (
          <>
            <Button variation="link" onClick={onClose}>
              {t('flows.dialog.cancel')}
            </Button>
            <Button type="submit" form={formId} variation="primary">
              {state.mode === 'create' ? t('flows.dialog.add') : t('flows.dialog.save')}
            </Button>
          </>
        )
      }
    >
      <NodeForm key={`${state.type}-${state.nodeId ?? 'new'}`} type={state.type} formId={formId} mode={state.mode} initial={state.initial} nodes={nodes} setBusy={setBusy} onDone={(data) => onDone(state, data)} />
    </Modal>
  );
}
