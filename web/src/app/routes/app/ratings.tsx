import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { RatingView } from '@conversa/shared/schemas/ratings';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchAddActions } from '../../../components/ui/search-add-actions';
import { useDeleteRating } from '../../../features/ratings/api/delete-rating';
import { useRatings } from '../../../features/ratings/api/get-ratings';
import { RatingModal } from '../../../features/ratings/components/rating-modal';
import { RatingsTable } from '../../../features/ratings/components/ratings-table';
import { useRatingsRealtime } from '../../../features/ratings/hooks/use-ratings-realtime';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import '../../../lib/i18n/locales/ratings';
import { toast } from '../../../lib/toast';
import '../../../styles/ratings.css';

/** /ratings (spec 3 "Ratings list", §5, §7, §9; admin). */
export default function RatingsRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const ratings = useRatings(debounced);
  const [modal, setModal] = useState<{ open: boolean; rating?: RatingView }>({ open: false });
  const [toDelete, setToDelete] = useState<RatingView | undefined>();
  useRatingsRealtime(me.companyId);

  const del = useDeleteRating({
    onSuccess: () => {
      toast.success(t('ratings.deleted'));
      setToDelete(undefined);
    },
  });

  return (
    <ContentLayout
      title={t('ratings.title')}
      fill
      actions={<SearchAddActions search={search} onSearch={setSearch} searchLabel={t('ratings.search')} addLabel={t('ratings.add')} onAdd={() => setModal({ open: true })} />}
    >
      <div className="card card--fill">
        <RatingsTable query={ratings} onEdit={(r) => setModal({ open: true, rating: r })} onDelete={setToDelete} />
      </div>
      <RatingModal open={modal.open} rating={modal.rating} onClose={() => setModal({ open: false })} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('ratings.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('ratings.deleteMessage')}
      </ConfirmDialog>
    </ContentLayout>
  );
}
