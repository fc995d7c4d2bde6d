import { useEffect, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Download, HardDriveDownload } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { useBackup, useRequestBackup } from '../api/backup';

/**
 * /outrosajustes (spec 3 "Other settings page", §7): one button asks for the company's backup; the
 * worker's progress shows while it runs; at the end, the download link (valid 10 minutes) and the
 * spec's alerts: 'Backup realizado com sucesso!', 'Falha ao realizar o backup.' (the worker gave up),
 * 'Erro ao fazer o backup.' (the request itself failed).
 */
export function BackupPanel() {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | undefined>();
  const request = useRequestBackup({ onSuccess: (j) => setJobId(j.jobId), onError: () => toast.error(t('content.backup.error')) });
  const job = useBackup(jobId);
  const finished = job.data?.finished;
  const failed = job.data?.failed;

  useEffect(() => {
    if (!finished) return;
    if (failed) toast.error(t('content.backup.failed'));
    else toast.success(t('content.backup.done'));
  }, [finished, failed, t]);
  useEffect(() => {
    if (job.isError) toast.error(t('content.backup.error'));
  }, [job.isError, t]);

  const running = Boolean(jobId) && !finished && !job.isError;
  return (
    <section className="content-panel" aria-labelledby="backup-title">
      <h2 id="backup-title" className="content-panel__title">{t('content.backup.heading')}</h2>
      <p className="muted">{t('content.backup.intro')}</p>
      <div className="backup-actions">
        <Button variation="primary" gap="0.4rem" isLoading={request.isPending || running} loadingText={t('content.backup.button')} onClick={() => request.mutate()}>
          <HardDriveDownload size={18} aria-hidden /> {t('content.backup.button')}
        </Button>
        {running ? <span role="status">{t('content.backup.running', { count: job.data?.items ?? 0 })}</span> : null}
        {finished && !failed && job.data?.url ? (
          <a className="amplify-button amplify-button--link backup-download" href={job.data.url} download>
            <Download size={18} aria-hidden /> {t('content.backup.download')}
          </a>
        ) : null}
      </div>
    </section>
  );
}
