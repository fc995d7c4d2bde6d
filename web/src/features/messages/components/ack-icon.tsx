import { Check, CheckCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ackIcon } from '../../../lib/ack';

/** 0 clock, 1 tick, 2 double tick, 3/4 double tick coloured (spec 1 §2). */
export function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const kind = ackIcon(ack);
  const label = t(`chat.message.ack.${kind}`);
  const Icon = kind === 'pending' ? Clock : kind === 'sent' ? Check : CheckCheck;
  return (
    <span className={`chat-ack chat-ack--${kind}`} title={label} role="img" aria-label={label}>
      <Icon size={15} aria-hidden />
    </span>
  );
}
