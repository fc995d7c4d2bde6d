import { useTranslation } from 'react-i18next';
import { DatabaseBackup } from 'lucide-react';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { BackupPanel } from '../../../features/content/components/backup-panel';
import { useUser } from '../../../lib/auth';
import '../../../lib/i18n/locales/content';
import '../../../styles/content.css';

/** /outrosajustes (spec 3 "Other settings page"; admin): the company's backup; for the super admin, what backs up the platform. */
export default function OutrosAjustesRoute() {
  const { t } = useTranslation();
  const me = useUser();
  return (
    <ContentLayout title={t('content.backup.title')}>
      <div className="card">
        <BackupPanel />
        {me.super ? (
          <section className="content-panel content-panel--note" aria-labelledby="platform-backup-title">
            <h2 id="platform-backup-title" className="content-panel__title">
              <DatabaseBackup size={18} aria-hidden /> {t('content.backup.platformTitle')}
            </h2>
            <p>{t('content.backup.platform')}</p>
          </section>
        ) : null}
      </div>
    </ContentLayout>
  );
}
