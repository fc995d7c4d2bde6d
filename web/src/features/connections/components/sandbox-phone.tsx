import { useState, type FormEvent } from 'react';
import { Button, Loader, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Check, CheckCheck, Clock, Send } from 'lucide-react';
import { Modal } from '../../../components/ui/modal';
import { formatTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { FieldErrors } from '../../../lib/validation';
import { useSandboxOutbox } from '../api/get-sandbox-outbox';
import { usePlaySandboxCustomer } from '../api/play-sandbox-customer';
import { ackIcon } from '../../../lib/ack';
import type { SandboxOutboxItem } from '@conversa/shared/schemas/sandbox';
import type { Connection } from '../lib/connection';
import { phoneTimeline } from '../lib/phone-timeline';
import { buildSandboxBody, emptySandboxForm, type SandboxFormField, type SandboxFormValues } from '../lib/sandbox-form';

function AckTicks({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const kind = ackIcon(ack);
  const label = t(`connections.sandbox.ack.${kind}`);
  const Icon = kind === 'pending' ? Clock : kind === 'sent' ? Check : CheckCheck;
  return (
    <span className={`ack ack--${kind}`} role="img" aria-label={label} title={label}>
      <Icon size={14} aria-hidden />
    </span>
  );
}

/** What the phone got: a message (with the reaction it shows on it) or a reaction to the customer's message. */
function OutboxBody({ m }: { m: SandboxOutboxItem }) {
  const { t } = useTranslation();
  if (m.reaction !== undefined && !m.body && !m.mediaType) {
    return <span className="outbox-msg__body outbox-msg__note">{m.reaction ? t('connections.sandbox.reaction', { emoji: m.reaction }) : t('connections.sandbox.reactionRemoved')}</span>;
  }
  return (
    <span className="outbox-msg__body">
      {m.editedBody ?? m.body}
      {m.mediaType ? ` [${m.voiceNote ? t('connections.sandbox.voiceNote') : m.mediaType}]` : ''}
      {m.reaction ? <span className="outbox-msg__reaction">{m.reaction}</span> : null}
    </span>
  );
}

type Props = { connection: Connection | undefined; onClose(): void };

/** The sandbox connection's "phone": play a customer writing, and see what the phone received. */
export function SandboxPhone({ connection, onClose }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SandboxFormValues>(emptySandboxForm);
  const [errors, setErrors] = useState<FieldErrors<SandboxFormField>>({});
  const outbox = useSandboxOutbox(connection?.id);
  const play = usePlaySandboxCustomer({
    onSuccess: () => {
      toast.success(t('connections.sandbox.sent'));
      setValues((v) => ({ ...v, body: '' }));
    },
  });
  const connected = connection?.status === 'CONNECTED';
  const set = (f: SandboxFormField, value: string) => setValues((v) => ({ ...v, [f]: value }));
  const err = (f: SandboxFormField) => (errors[f] ? t(errors[f]) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!connection) return;
    const r = buildSandboxBody(values);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    play.mutate({ id: connection.id, body: r.body });
  };

  const items = outbox.data?.items ?? [];
  return (
    <Modal open={connection !== undefined} title={t('connections.sandbox.title', { name: connection?.name ?? '' })} onClose={onClose} size="medium">
      <div className="sandbox-phone">
        {!connected ? <p className="form-note form-note--warning">{t('connections.sandbox.notConnected')}</p> : null}
        <form className="form" onSubmit={submit} noValidate>
          <div className="form__grid">
            <TextField label={t('connections.sandbox.from')} name="from" inputMode="numeric" autoComplete="off" value={values.from} onChange={(e) => set('from', e.target.value)} hasError={Boolean(errors.from)} errorMessage={err('from')} />
            <TextField label={t('connections.sandbox.name')} name="customerName" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} hasError={Boolean(errors.name)} errorMessage={err('name')} />
          </div>
          <TextAreaField label={t('connections.sandbox.body')} name="body" rows={2} value={values.body} onChange={(e) => set('body', e.target.value)} hasError={Boolean(errors.body)} errorMessage={err('body')} />
          <div className="form__actions">
            <Button type="submit" variation="primary" size="small" gap="0.4rem" isLoading={play.isPending} isDisabled={!connected}>
              <Send size={15} aria-hidden />
              {t('connections.sandbox.send')}
            </Button>
          </div>
        </form>
        {outbox.data?.available === false ? null : (
          <section className="sandbox-outbox" aria-label={t('connections.sandbox.outbox')}>
            <h3 className="sandbox-outbox__title">{t('connections.sandbox.outbox')}</h3>
            {outbox.isPending ? (
              <Loader />
            ) : outbox.isError ? (
              <p className="muted">{t('common.loadFailed')}</p>
            ) : items.length === 0 && !outbox.data?.reads.length ? (
              <p className="muted">{t('connections.sandbox.outboxEmpty')}</p>
            ) : (
              <ol className="outbox-list">
                {phoneTimeline(items, outbox.data?.reads ?? []).map((row) =>
                  row.kind === 'read' ? (
                    <li key={`read-${row.at}-${row.read.readIds[0]}`} className="outbox-msg">
                      <span className="outbox-msg__to">{row.read.to}</span>
                      <span className="outbox-msg__body outbox-msg__note">{t('connections.sandbox.readReceipt', { count: row.read.readIds.length })}</span>
                      <span className="outbox-msg__meta">
                        {formatTime(row.at)} <AckTicks ack={3} />
                      </span>
                    </li>
                  ) : (
                    <li key={row.item.externalId} className={`outbox-msg${row.item.deleted ? ' outbox-msg--deleted' : ''}`}>
                      <span className="outbox-msg__to">{row.item.to}</span>
                      <OutboxBody m={row.item} />
                      <span className="outbox-msg__meta">
                        {formatTime(row.at)} <AckTicks ack={row.item.ack} />
                      </span>
                    </li>
                  ),
                )}
              </ol>
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}
