import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { paths } from '../../../config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <ContentLayout title={t('pages.notFound')}>
      <div className="later-notice">
        <div>
          <p className="later-notice__title">{t('common.notFound')}</p>
          <Link className="link" to={paths.app.tickets.getHref()}>
            {t('common.goHome')}
          </Link>
        </div>
      </div>
    </ContentLayout>
  );
}
