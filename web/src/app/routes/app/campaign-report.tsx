import { useEffect, useRef, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft, Download } from 'lucide-react';
import type { CampaignView, RecipientStatus } from '@conversa/shared/schemas/campaigns';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { LoadState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { useExportReport } from '../../../features/campaigns/api/export-report';
import { campaignKey, useCampaign } from '../../../features/campaigns/api/get-campaigns';
import { recipientsKey } from '../../../features/campaigns/api/get-recipients';
import { RecipientsTable } from '../../../features/campaigns/components/recipients-table';
import { ReportSummary } from '../../../features/campaigns/components/report-summary';
import { useCampaignsRealtime } from '../../../features/campaigns/hooks/use-campaigns-realtime';
import { REPORT_REFRESH_MS } from '../../../features/campaigns/lib/report';
import { useUser } from '../../../lib/auth';
import { saveBlob } from '../../../lib/download';
import '../../../lib/i18n/locales/campaigns';
import '../../../styles/campaigns.css';

/** The recipients are read again this long after the counters moved (live counters arrive on the socket; a big campaign moves them often). */
const RECIPIENTS_REFRESH_MS = 2000;

/**
 * /campaign/{campaignId}/report (spec 3 §4, issue 22 "Screens"): the campaign's live counters,
 * progress and chart, the recipients one by one, the CSV; read again 5 s after it finished.
 */
export default function CampaignReportRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(useParams().campaignId) || 0;
  const campaign = useCampaign(id);
  const [status, setStatus] = useState<RecipientStatus | undefined>();
  const recipientsTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const finishTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useCampaignsRealtime(me.companyId, (c: CampaignView) => {
    if (c.id !== id) return;
    if (c.status === 'FINALIZADA') {
      clearTimeout(finishTimer.current);
      finishTimer.current = setTimeout(() => {
        void qc.invalidateQueries({ queryKey: campaignKey(id) });
        void qc.invalidateQueries({ queryKey: recipientsKey(id) });
      }, REPORT_REFRESH_MS);
    }
    // The counters moved: the table follows once the burst settles (one read per window).
    recipientsTimer.current ??= setTimeout(() => {
      recipientsTimer.current = undefined;
      void qc.invalidateQueries({ queryKey: recipientsKey(id) });
    }, RECIPIENTS_REFRESH_MS);
  });
  useEffect(
    () => () => {
      clearTimeout(finishTimer.current);
      clearTimeout(recipientsTimer.current);
    },
    [],
  );

  const exporter = useExportReport({ onSuccess: (f) => saveBlob(f.blob, f.filename) });
  const title = campaign.data ? `${t('campaigns.report.title')}: ${campaign.data.name}` : t('campaigns.report.title');

  return (
    <ContentLayout
      title={title}
      actions={
        <>
          <Button size="small" gap="0.4rem" onClick={() => navigate(paths.app.campaigns.getHref())}>
            <ArrowLeft size={16} aria-hidden />
            {t('campaigns.report.back')}
          </Button>
          <Button size="small" gap="0.4rem" isLoading={exporter.isPending} loadingText={t('campaigns.report.exporting')} onClick={() => exporter.mutate(id)}>
            <Download size={16} aria-hidden />
            {t('campaigns.report.exportCsv')}
          </Button>
        </>
      }
    >
      {campaign.data ? (
        <div className="campaign-report">
          <ReportSummary campaign={campaign.data} />
          <RecipientsTable campaignId={id} status={status} onStatus={setStatus} />
        </div>
      ) : (
        <LoadState query={campaign} />
      )}
    </ContentLayout>
  );
}
