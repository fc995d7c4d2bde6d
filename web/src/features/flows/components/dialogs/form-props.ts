import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowNodeType } from '@conversa/shared/schemas/flows';
import type { EditorNode } from '../../lib/graph';
import { parseNodeData, type Problem } from '../../lib/node-forms';

export type NodeData = Record<string, unknown>;

/** What every node form gets from its dialog. */
export type NodeFormProps = {
  formId: string;
  mode: 'create' | 'edit';
  /** The node's data in edit mode. */
  initial?: NodeData;
  /** The canvas's nodes (the variables questions define). */
  nodes: readonly EditorNode[];
  onDone(data: NodeData): void;
  /** An upload running: the dialog shows its spinner and hides its buttons. */
  setBusy(busy: boolean): void;
};

/**
 * A form's error and its submit: the data is parsed with the contract's schema for the type;
 * `problem` shows a rule of spec 3 §5 in the dialog's language.
 */
export function useNodeSubmit(type: FlowNodeType, onDone: (data: NodeData) => void) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const fail = (p: Problem) => setError(t(`flows.${p.key}`, p.values));
  const submit = (data: NodeData) => {
    const r = parseNodeData(type, data);
    if (!r.ok) return setError(r.field ? `${r.field}: ${r.message}` : r.message);
    setError(undefined);
    onDone(r.data);
  };
  return { error, setError, fail, submit };
}

export const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : v === undefined || v === null ? fallback : String(v));
