import { IdParam } from '@conversa/shared/schemas/common';
import { ListSchedulesQuery, ScheduleBody, ScheduleMediaBody, UpdateScheduleBody } from '@conversa/shared/schemas/schedules';
import { endpoint, groupHandler } from './endpoint';
import { reply } from '../lib/http';
import { attachScheduleMedia, deleteSchedule, detachScheduleMedia, findSchedule, listSchedules, scheduleFromDialog, updateSchedule } from '../domain/schedules/manage-schedules';

export const handler = groupHandler('schedules', {
  'GET /schedules': endpoint({ query: ListSchedulesQuery }, async ({ auth, query }) => listSchedules(auth, query)),
  'GET /schedules/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => findSchedule(auth, params.id)),
  'POST /schedules': endpoint({ body: ScheduleBody }, async ({ auth, body }) => reply({ status: 201, body: await scheduleFromDialog(auth, body) })),
  'PUT /schedules/{id}': endpoint({ params: IdParam, body: UpdateScheduleBody }, async ({ auth, params, body }) => updateSchedule(auth, params.id, body)),
  'DELETE /schedules/{id}': endpoint({ params: IdParam }, async ({ auth, params }) => {
    await deleteSchedule(auth, params.id);
    return reply({ status: 204 });
  }),
  'POST /schedules/{id}/media-upload': endpoint({ params: IdParam, body: ScheduleMediaBody }, async ({ auth, params, body }) => attachScheduleMedia(auth, params.id, body)),
  'DELETE /schedules/{id}/media-upload': endpoint({ params: IdParam }, async ({ auth, params }) => detachScheduleMedia(auth, params.id)),
});
