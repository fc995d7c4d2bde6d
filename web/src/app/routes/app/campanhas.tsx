import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@aws-amplify/ui-react';
import { X } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { ScheduleView } from '@conversa/shared/schemas/schedules';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ListSearch } from '../../../components/ui/list-search';
import { useSchedules } from '../../../features/schedules/api/get-schedules';
import { SchedulesTable } from '../../../features/schedules/components/schedules-table';
import { useSchedulesRealtime } from '../../../features/schedules/hooks/use-schedules-realtime';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUser } from '../../../lib/auth';
import { useContact } from '../../../lib/get-contact';
import { useTags, type TagOption } from '../../../lib/get-tags';
import '../../../lib/i18n/locales/schedules';
import '../../../styles/schedules.css';

/**
 * /campanhas, the Active campaigns list (spec 3 "Active campaigns (schedule list)"; plan flag
 * useSchedules): the schedules the lanes' campaigns planned, newest first, with the lane they came
 * from, the contact, the body, the send time and the status, live; a search, and `?contactId=` for
 * one contact's.
 */
export default function CampanhasRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const [params, setParams] = useSearchParams();
  const contactId = Number(params.get('contactId')) || undefined;
  const contact = useContact(contactId);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const schedules = useSchedules(debounced, { lanes: true, contactId });
  const lanes = useTags(true, 1);
  useSchedulesRealtime(me.companyId);
  const laneOf = new Map<number, TagOption>((lanes.data ?? []).map((l) => [l.id, l]));

  const campaignCell = (s: ScheduleView) => {
    const lane = s.campId === null ? undefined : laneOf.get(s.campId);
    if (!lane) return <span className="muted">{t('schedules.campaigns.laneGone', { n: s.campId })}</span>;
    return (
      <span className="lane-campaign">
        <span className="lane-chip" style={{ background: lane.color }}>
          {lane.name}
        </span>
        <span className="muted">{t('schedules.campaigns.laneNumber', { n: lane.id })}</span>
      </span>
    );
  };

  const clearContact = () =>
    setParams((p) => {
      p.delete('contactId');
      return p;
    });

  return (
    <ContentLayout title={t('schedules.campaigns.title')} fill actions={<ListSearch label={t('schedules.campaigns.search')} value={search} onChange={setSearch} />}>
      {contactId ? (
        <div className="campaigns-filter" data-testid="campaigns-contact">
          <span>{t('schedules.campaigns.contactFilter', { name: contact.data?.name ?? `#${contactId}` })}</span>
          <Button size="small" variation="link" gap="0.25rem" onClick={clearContact}>
            <X size={14} aria-hidden />
            {t('schedules.campaigns.clearContact')}
          </Button>
        </div>
      ) : null}
      <div className="card card--fill">
        <SchedulesTable
          query={schedules}
          campaign={{ header: t('schedules.campaigns.colCampaign'), cell: campaignCell }}
          texts={{ empty: t('schedules.campaigns.empty'), loadingMore: t('schedules.campaigns.loadingMore') }}
        />
      </div>
    </ContentLayout>
  );
}
