/**
 * Platform content (issue 20): branding uploads and the public branding read (spec 2 "Settings
 * page", §5, §7), help entries (spec 2 §7 Helps), announcements (spec 3 §7) with the drawer's list,
 * and the company backup (spec 3 "Other settings page").
 */
import { AnnouncementBody, AnnouncementMediaBody, ListAnnouncementsQuery, UpdateAnnouncementBody } from '@conversa/shared/schemas/announcements';
import { BackupIdParam } from '@conversa/shared/schemas/backup';
import { DocUploadQuery, MediaUploadQuery, StoredFileBody } from '@conversa/shared/schemas/branding';
import { IdParam } from '@conversa/shared/schemas/common';
import { HelpBody, UpdateHelpBody } from '@conversa/shared/schemas/helps';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { drawerAnnouncements, markRead } from '../domain/announcements/drawer-announcements';
import { attachMedia, createAnnouncement, detachMedia, findAnnouncement, listAnnouncements, removeAnnouncement, updateAnnouncement } from '../domain/announcements/manage-announcements';
import { backupStatus, requestBackup } from '../domain/backup/company-backup';
import { readBranding, uploadDocument, uploadLogo } from '../domain/branding/branding';
import { createHelp, listHelps, removeHelp, updateHelp } from '../domain/helps/manage-helps';

const noContent = () => reply({ status: 204 });

export const handler = groupHandler('content', {
  'POST /settings/media-upload': endpoint({ query: MediaUploadQuery, body: StoredFileBody }, async ({ auth, query, body }) => uploadLogo(auth, query.ref, body.key)),
  'POST /settings/doc-upload': endpoint({ query: DocUploadQuery, body: StoredFileBody }, async ({ auth, query, body }) => uploadDocument(auth, query.ref, body.key)),
  'GET /branding': endpoint({}, async () => reply({ body: await readBranding(), headers: { 'cache-control': 'no-store' } })),
  'GET /helps': endpoint({}, async () => listHelps()),
  'GET /helps/list': endpoint({}, async () => listHelps()),
  'POST /helps': endpoint({ body: HelpBody }, async ({ auth, body }) => reply({ status: 201, body: await createHelp(auth, body) })),
  'PUT /helps/{id}': endpoint({ params: IdParam, body: UpdateHelpBody }, async ({ auth, params, body }) => updateHelp(auth, params.id, body)),
  'DELETE /helps/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removeHelp(auth, params.id);
    return noContent();
  }),
  'GET /announcements': endpoint({ query: ListAnnouncementsQuery }, async ({ query }) => listAnnouncements(query)),
  'GET /announcements/list': endpoint({}, async ({ auth }) => drawerAnnouncements(auth)),
  'GET /announcements/{id}': endpoint({ params: IdParam }, async ({ params }) => findAnnouncement(params.id)),
  'POST /announcements': endpoint({ body: AnnouncementBody }, async ({ auth, body }) => reply({ status: 201, body: await createAnnouncement(auth, body) })),
  'PUT /announcements/{id}': endpoint({ params: IdParam, body: UpdateAnnouncementBody }, async ({ auth, params, body }) => updateAnnouncement(auth, params.id, body)),
  'DELETE /announcements/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await removeAnnouncement(auth, params.id);
    return noContent();
  }),
  'POST /announcements/{id}/media-upload': endpoint({ params: IdParam, body: AnnouncementMediaBody }, async ({ auth, params, body }) => attachMedia(auth, params.id, body)),
  'DELETE /announcements/{id}/media-upload': endpoint({ params: IdParam }, async ({ auth, params }) => detachMedia(auth, params.id)),
  'POST /announcements/{id}/read': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await markRead(auth, params.id);
    return noContent();
  }),
  'POST /backup-database': endpoint({}, async ({ auth }) => reply({ status: 202, body: await requestBackup(auth) })),
  'GET /backup-database/{jobId}': endpoint({ params: BackupIdParam }, async ({ auth, params }) => backupStatus(auth, params.jobId)),
});
