import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CircleStop, Workflow } from 'lucide-react';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { toast } from '../../../lib/toast';
import { useStopTicketFlow } from '../api/stop-ticket-flow';

/** 'Em fluxo: <name> · <node type>' on a ticket inside a flow, with 'Parar fluxo' (issue 23: the agent sees it and can stop it). */
export function FlowChip({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const stop = useStopTicketFlow({ onSuccess: () => toast.success(t('tickets.flow.stopped')) });
  const flow = ticket.flow;
  if (!flow) return null;
  const node = flow.nodeType ? t(`tickets.flow.node.${flow.nodeType}`) : flow.nodeId;
  return (
    <div className="t-flow" data-testid="ticket-flow">
      <span className="t-flow__chip" title={flow.waiting ? t(`tickets.flow.waiting.${flow.waiting}`) : undefined}>
        <Workflow size={14} aria-hidden /> {t('tickets.flow.inFlow', { name: flow.flowName, node })}
      </span>
      <Button size="small" variation="link" colorTheme="error" gap="0.25rem" isLoading={stop.isPending} onClick={() => stop.mutate(ticket)}>
        <CircleStop size={14} aria-hidden /> {t('tickets.flow.stop')}
      </Button>
    </div>
  );
}
