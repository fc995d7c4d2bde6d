import { useTranslation } from 'react-i18next';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { SettingsForm } from '../../../features/campaigns/components/settings-form';
import '../../../lib/i18n/locales/campaigns';
import '../../../styles/campaigns.css';

/** /campaigns-config (spec 3 §3 Campaign settings; admins, plan flag useCampaigns, cshow). */
export default function CampaignsConfigRoute() {
  const { t } = useTranslation();
  return (
    <ContentLayout title={t('campaigns.config.title')}>
      <SettingsForm />
    </ContentLayout>
  );
}
