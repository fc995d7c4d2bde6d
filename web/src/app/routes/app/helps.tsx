import { useTranslation } from 'react-i18next';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { HelpsAccordion } from '../../../features/content/components/helps-accordion';
import '../../../lib/i18n/locales/content';
import '../../../styles/content.css';

/** /helps (spec 3 "Help page"; every signed-in user): the platform's help entries. */
export default function HelpsRoute() {
  const { t } = useTranslation();
  return (
    <ContentLayout title={t('content.helps.title')}>
      <div className="card">
        <HelpsAccordion />
      </div>
    </ContentLayout>
  );
}
