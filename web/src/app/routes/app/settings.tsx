import { lazy, Suspense, type ReactNode } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SETTINGS_DENY_REDIRECT_MS } from '@conversa/shared/constants';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { BrandingUploadSection } from '../../../features/content/components/branding-upload-section';
import { ColorsSection } from '../../../features/content/components/colors-section';
import { HelpsSection } from '../../../features/content/components/helps-section';
import { SettingsTabs } from '../../../features/settings/components/settings-tabs';
import type { SettingsTab } from '../../../features/settings/lib/setting-fields';
import { useDenyRedirect } from '../../../hooks/use-deny-redirect';
import { useUser } from '../../../lib/auth';
import '../../../lib/i18n/locales/content';
import '../../../styles/content.css';

/** The super admin's panels (spec 2 §2): a non-super user reaching one gets 'Sem permissão para acessar!' and goes home after 500 ms. */
const SUPER_PANELS: readonly string[] = ['colors', 'logos', 'documents', 'helps'];

// The super admin's tabs load with their own chunk (texts and styles included).
const CompaniesSettings = lazy(() => import('../../../features/companies/components/settings-tabs').then((m) => ({ default: m.CompaniesSettings })));
const PlansSettings = lazy(() => import('../../../features/companies/components/settings-tabs').then((m) => ({ default: m.PlansSettings })));
const withLoader = (node: ReactNode) => <Suspense fallback={<Loader />}>{node}</Suspense>;
const PANELS = { companies: withLoader(<CompaniesSettings />), plans: withLoader(<PlansSettings />) };

export default function SettingsRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const [params] = useSearchParams();
  const asked = params.get('tab') ?? undefined;
  useDenyRedirect(Boolean(asked && SUPER_PANELS.includes(asked) && !me.super), t('content.deny'), SETTINGS_DENY_REDIRECT_MS);
  return (
    <ContentLayout title={t('settings.title')}>
      <div className="card">
        <SettingsTabs
          initialTab={asked as SettingsTab | undefined}
          panels={{
            ...PANELS,
            ...(me.super
              ? {
                  helps: <HelpsSection />,
                  colors: <ColorsSection />,
                  logos: <BrandingUploadSection kind="logo" />,
                  documents: <BrandingUploadSection kind="doc" />,
                }
              : {}),
          }}
        />
      </div>
    </ContentLayout>
  );
}
