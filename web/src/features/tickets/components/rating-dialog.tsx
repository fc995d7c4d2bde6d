import { useEffect, useState } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import '../../../lib/i18n/locales/ratings';
import '../../../styles/ratings.css';
import { toast } from '../../../lib/toast';
import { useRatingsList } from '../api/get-ratings-list';
import { useSendRating } from '../api/send-rating';

type Props = { open: boolean; ticketId: number; onClose(): void; onSent(): void };

/** "Resolve and send rating" (spec 1 §4): pick a rating, the geral one preselected. */
export function RatingDialog({ open, ticketId, onClose, onSent }: Props) {
  const { t } = useTranslation();
  const ratings = useRatingsList(open);
  const [picked, setPicked] = useState<number>();
  const send = useSendRating({
    onSuccess: () => {
      toast.success(t('ratings.resolve.sent'));
      onSent();
    },
  });

  useEffect(() => {
    if (!open || !ratings.data) return;
    setPicked((p) => (p !== undefined && ratings.data.some((r) => r.id === p) ? p : (ratings.data.find((r) => r.geral) ?? ratings.data[0])?.id));
  }, [open, ratings.data]);

  const list = ratings.data ?? [];
  return (
    <Modal
      open={open}
      title={t('ratings.resolve.title')}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={send.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variation="primary" isLoading={send.isPending} isDisabled={picked === undefined} onClick={() => picked !== undefined && send.mutate({ ticketId, ratingId: picked })}>
            {t('ratings.resolve.submit')}
          </Button>
        </>
      }
    >
      {ratings.isPending ? (
        <div className="modal__loading">
          <Loader size="large" />
        </div>
      ) : list.length === 0 ? (
        <p className="confirm-text">{t('ratings.resolve.none')}</p>
      ) : (
        <fieldset className="rating-pick">
          <legend>{t('ratings.resolve.pick')}</legend>
          {list.map((r) => (
            <label key={r.id} className={`rating-pick__item${picked === r.id ? ' is-checked' : ''}`}>
              <input type="radio" name="ratingId" value={r.id} checked={picked === r.id} onChange={() => setPicked(r.id)} />
              <span className="rating-pick__text">
                <span className="rating-pick__name">
                  {r.name}
                  {r.geral ? <span className="rating-pick__geral">{t('ratings.resolve.geral')}</span> : null}
                </span>
                <span className="rating-pick__options">{r.options.map((o, i) => `${i + 1} - ${o.name}`).join('  ')}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}
