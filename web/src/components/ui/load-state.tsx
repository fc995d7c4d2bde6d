import { Button, Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

type Query = { isPending: boolean; isError: boolean; refetch(): unknown };

/** What a list or form shows before its data: a loader, or the failure with a retry. */
export function LoadState({ query }: { query: Query }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="list-state">
        <Loader size="large" />
      </div>
    );
  }
  return (
    <div className="list-state" role="alert">
      <p>{t('common.loadFailed')}</p>
      <Button size="small" onClick={() => void query.refetch()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
