import { IdParam } from '@conversa/shared/schemas/common';
import { CampaignBody, CampaignSettingsBody, ListCampaignsQuery, ListRecipientsQuery, TemplatesQuery, UpdateCampaignBody } from '@conversa/shared/schemas/campaigns';
import { ScheduleMediaBody } from '@conversa/shared/schemas/schedules';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { campaignSettings, saveCampaignSettings } from '../domain/campaigns/campaign-settings';
import {
  attachCampaignMedia, cloneCampaign, createCampaign, deleteCampaign, detachCampaignMedia, findCampaign, listCampaigns, resumeCampaign, stopCampaign, updateCampaign,
} from '../domain/campaigns/manage-campaigns';
import { campaignReport, listRecipients } from '../domain/campaigns/report';
import { listTemplates } from '../domain/campaigns/templates';

export const handler = groupHandler('campaigns', {
  'GET /campaigns': endpoint({ query: ListCampaignsQuery }, async ({ auth, query }) => listCampaigns(auth, query)),
  'GET /campaigns/templates': endpoint({ query: TemplatesQuery }, async ({ auth, query }) => listTemplates(auth.companyId, query.whatsappId)),
  'GET /campaigns/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findCampaign(auth, params.id)),
  'POST /campaigns': endpoint({ body: CampaignBody }, async ({ auth, body }) => reply({ status: 201, body: await createCampaign(auth, body) })),
  'PUT /campaigns/{id}': endpoint({ params: IdParam, body: UpdateCampaignBody }, async ({ auth, params, body }) => updateCampaign(auth, params.id, body)),
  'DELETE /campaigns/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await deleteCampaign(auth, params.id);
    return reply({ status: 204 });
  }),
  'POST /campaigns/{id}/clone': endpoint({ params: IdParam }, async ({ auth, params }) => reply({ status: 201, body: await cloneCampaign(auth, params.id) })),
  'POST /campaigns/{id}/media-upload': endpoint({ params: IdParam, body: ScheduleMediaBody }, async ({ auth, params, body }) => attachCampaignMedia(auth, params.id, body)),
  'DELETE /campaigns/{id}/media-upload': endpoint({ params: IdParam }, async ({ auth, params }) => detachCampaignMedia(auth, params.id)),
  'POST /campaigns/{id}/cancel': endpoint({ params: IdParam }, async ({ auth, params }) => stopCampaign(auth, params.id)),
  'POST /campaigns/{id}/restart': endpoint({ params: IdParam }, async ({ auth, params }) => resumeCampaign(auth, params.id)),
  'GET /campaigns/{id}/recipients': endpoint({ params: IdParam, query: ListRecipientsQuery }, async ({ auth, params, query }) => listRecipients(auth, params.id, query)),
  // The CSV itself, or (too big for one answer) JSON with a link to it in storage.
  'GET /campaigns/{id}/report.csv': endpoint({ params: IdParam }, async ({ auth, params }) => {
    const report = await campaignReport(auth, params.id);
    if ('url' in report) return report;
    return reply({ text: report.csv, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${report.filename}"` } });
  }),
  'GET /campaign-settings': endpoint({}, async ({ auth }) => campaignSettings(auth)),
  'POST /campaign-settings': endpoint({ body: CampaignSettingsBody }, async ({ auth, body }) => saveCampaignSettings(auth, body.settings)),
});
