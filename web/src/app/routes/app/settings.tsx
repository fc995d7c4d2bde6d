import { useTranslation } from 'react-i18next';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { SettingsTabs } from '../../../features/settings/components/settings-tabs';

export default function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <ContentLayout title={t('settings.title')}>
      <div className="card">
        <SettingsTabs />
      </div>
    </ContentLayout>
  );
}
