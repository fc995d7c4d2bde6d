import { lazy, Suspense, type ReactNode } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { SettingsTabs } from '../../../features/settings/components/settings-tabs';

// The super admin's tabs load with their own chunk (texts and styles included).
const CompaniesSettings = lazy(() => import('../../../features/companies/components/settings-tabs').then((m) => ({ default: m.CompaniesSettings })));
const PlansSettings = lazy(() => import('../../../features/companies/components/settings-tabs').then((m) => ({ default: m.PlansSettings })));
const withLoader = (node: ReactNode) => <Suspense fallback={<Loader />}>{node}</Suspense>;
const PANELS = { companies: withLoader(<CompaniesSettings />), plans: withLoader(<PlansSettings />) };

export default function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <ContentLayout title={t('settings.title')}>
      <div className="card">
        <SettingsTabs panels={PANELS} />
      </div>
    </ContentLayout>
  );
}
