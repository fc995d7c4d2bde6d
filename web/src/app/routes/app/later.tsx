import { useTranslation } from 'react-i18next';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { LaterNotice } from '../../../components/ui/later-notice';

/** Every area not built yet: its title and an honest notice, nothing that pretends to work. */
export default function LaterRoute({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <ContentLayout title={t(titleKey)}>
      <LaterNotice />
    </ContentLayout>
  );
}
