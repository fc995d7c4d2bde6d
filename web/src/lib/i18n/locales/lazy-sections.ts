/**
 * The sections pages register themselves (registerSection), for the completeness test only: no
 * page imports this file, so no chunk carries them all.
 */
import ticketsEn from './tickets/en';
import ticketsEs from './tickets/es';
import ticketsPt from './tickets/pt';
import ticketsTr from './tickets/tr';
import chatEn from './chat/en';
import chatEs from './chat/es';
import chatPt from './chat/pt';
import chatTr from './chat/tr';
import contactsEn from './contacts/en';
import contactsEs from './contacts/es';
import contactsPt from './contacts/pt';
import contactsTr from './contacts/tr';
import quickMessagesEn from './quickMessages/en';
import quickMessagesEs from './quickMessages/es';
import quickMessagesPt from './quickMessages/pt';
import quickMessagesTr from './quickMessages/tr';
import dashboardEn from './dashboard/en';
import dashboardEs from './dashboard/es';
import dashboardPt from './dashboard/pt';
import dashboardTr from './dashboard/tr';
import queuesEn from './queues/en';
import queuesEs from './queues/es';
import queuesPt from './queues/pt';
import queuesTr from './queues/tr';
import ratingsEn from './ratings/en';
import ratingsEs from './ratings/es';
import ratingsPt from './ratings/pt';
import ratingsTr from './ratings/tr';
import billingEn from './billing/en';
import billingEs from './billing/es';
import billingPt from './billing/pt';
import billingTr from './billing/tr';
import auditEn from './audit/en';
import auditEs from './audit/es';
import auditPt from './audit/pt';
import auditTr from './audit/tr';
import paymentCertificateEn from './paymentCertificate/en';
import paymentCertificateEs from './paymentCertificate/es';
import paymentCertificatePt from './paymentCertificate/pt';
import paymentCertificateTr from './paymentCertificate/tr';
import companiesEn from './companies/en';
import companiesEs from './companies/es';
import companiesPt from './companies/pt';
import companiesTr from './companies/tr';
import contentEn from './content/en';
import contentEs from './content/es';
import contentPt from './content/pt';
import contentTr from './content/tr';
import schedulesEn from './schedules/en';
import schedulesEs from './schedules/es';
import schedulesPt from './schedules/pt';
import schedulesTr from './schedules/tr';
import ticketsByTagEn from './ticketsByTag/en';
import ticketsByTagEs from './ticketsByTag/es';
import ticketsByTagPt from './ticketsByTag/pt';
import ticketsByTagTr from './ticketsByTag/tr';
import tagsEn from './tags/en';
import tagsEs from './tags/es';
import tagsPt from './tags/pt';
import tagsTr from './tags/tr';
import kanbanEn from './kanban/en';
import kanbanEs from './kanban/es';
import kanbanPt from './kanban/pt';
import kanbanTr from './kanban/tr';
import contactListsEn from './contactLists/en';
import contactListsEs from './contactLists/es';
import contactListsPt from './contactLists/pt';
import contactListsTr from './contactLists/tr';
import campaignsEn from './campaigns/en';
import campaignsEs from './campaigns/es';
import campaignsPt from './campaigns/pt';
import campaignsTr from './campaigns/tr';
import flowsEn from './flows/en';
import flowsEs from './flows/es';
import flowsPt from './flows/pt';
import flowsTr from './flows/tr';

export const LAZY_SECTIONS = {
  tickets: { pt: ticketsPt, en: ticketsEn, es: ticketsEs, tr: ticketsTr },
  chat: { pt: chatPt, en: chatEn, es: chatEs, tr: chatTr },
  contacts: { pt: contactsPt, en: contactsEn, es: contactsEs, tr: contactsTr },
  quickMessages: { pt: quickMessagesPt, en: quickMessagesEn, es: quickMessagesEs, tr: quickMessagesTr },
  dashboard: { pt: dashboardPt, en: dashboardEn, es: dashboardEs, tr: dashboardTr },
  queues: { pt: queuesPt, en: queuesEn, es: queuesEs, tr: queuesTr },
  ratings: { pt: ratingsPt, en: ratingsEn, es: ratingsEs, tr: ratingsTr },
  billing: { pt: billingPt, en: billingEn, es: billingEs, tr: billingTr },
  schedules: { pt: schedulesPt, en: schedulesEn, es: schedulesEs, tr: schedulesTr },
  audit: { pt: auditPt, en: auditEn, es: auditEs, tr: auditTr },
  paymentCertificate: { pt: paymentCertificatePt, en: paymentCertificateEn, es: paymentCertificateEs, tr: paymentCertificateTr },
  companies: { pt: companiesPt, en: companiesEn, es: companiesEs, tr: companiesTr },
  content: { pt: contentPt, en: contentEn, es: contentEs, tr: contentTr },
  ticketsByTag: { pt: ticketsByTagPt, en: ticketsByTagEn, es: ticketsByTagEs, tr: ticketsByTagTr },
  tags: { pt: tagsPt, en: tagsEn, es: tagsEs, tr: tagsTr },
  kanban: { pt: kanbanPt, en: kanbanEn, es: kanbanEs, tr: kanbanTr },
  contactLists: { pt: contactListsPt, en: contactListsEn, es: contactListsEs, tr: contactListsTr },
  campaigns: { pt: campaignsPt, en: campaignsEn, es: campaignsEs, tr: campaignsTr },
  flows: { pt: flowsPt, en: flowsEn, es: flowsEs, tr: flowsTr },
};
