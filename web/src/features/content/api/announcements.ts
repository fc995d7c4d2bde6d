import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementsPage, AnnouncementView } from '@conversa/shared/schemas/announcements';
import { api } from '../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';

export const announcementsKey = ['announcements'] as const;
const manageKey = [...announcementsKey, 'manage'] as const;

/** GET /announcements?searchParam=&cursor= (super): records, hasMore. */
export const getAnnouncements = (searchParam: string, cursor?: string): Promise<AnnouncementsPage> =>
  api.get<AnnouncementsPage>('/announcements', { query: { searchParam: searchParam || undefined, cursor } });

export const getAnnouncementsQueryOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: [...manageKey, { searchParam }] as const,
    queryFn: ({ pageParam }) => getAnnouncements(searchParam, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
  });
export const useAnnouncements = (searchParam: string) => useInfiniteQuery(getAnnouncementsQueryOptions(searchParam));

export type DrawerAnnouncement = AnnouncementView & { read: boolean };

/** GET /announcements/list (every signed-in user): the active ones, priority 1 first then the newest, with the caller's read marks. */
export const getDrawerAnnouncements = (): Promise<{ records: DrawerAnnouncement[] }> => api.get('/announcements/list');
export const drawerAnnouncementsKey = [...announcementsKey, 'drawer'] as const;
export const getDrawerAnnouncementsQueryOptions = () => queryOptions({ queryKey: drawerAnnouncementsKey, queryFn: getDrawerAnnouncements, meta: { silent: true } });
export const useDrawerAnnouncements = (enabled = true) => useQuery({ ...getDrawerAnnouncementsQueryOptions(), enabled });

/** POST /announcements/{id}/read: the caller's own mark. */
export const markAnnouncementRead = (id: number): Promise<void> => api.post<void>(`/announcements/${id}/read`);

export function useMarkAnnouncementRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAnnouncementRead,
    meta: { silent: true },
    onMutate: (id) =>
      qc.setQueryData<{ records: DrawerAnnouncement[] }>(drawerAnnouncementsKey, (d) => (d ? { records: d.records.map((r) => (r.id === id ? { ...r, read: true } : r)) } : d)),
  });
}

export type AnnouncementInput = { title: string; text: string; priority: 1 | 2 | 3; status: boolean };
export type AnnouncementSave = { id?: number; body: AnnouncementInput; file?: File; removeMedia?: boolean };

/** Spec 3 §5 attachments by extension, for browsers that give no type (mkv, avi). */
const TYPE_BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', mp4: 'video/mp4', avi: 'video/x-msvideo', mkv: 'video/x-matroska' };
export const attachmentType = (file: File): string | undefined => TYPE_BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''];

/**
 * POST /announcements or PUT /announcements/{id}; then the attachment: the file PUT to storage
 * (POST /messages/upload) and named by POST /announcements/{id}/media-upload, or taken off by
 * DELETE /announcements/{id}/media-upload.
 */
export async function saveAnnouncement(s: AnnouncementSave): Promise<AnnouncementView> {
  let saved = s.id === undefined ? await api.post<AnnouncementView>('/announcements', s.body) : await api.put<AnnouncementView>(`/announcements/${s.id}`, s.body);
  if (s.file) {
    const key = await uploadFile(s.file, attachmentType(s.file) ?? s.file.type);
    saved = await api.post<AnnouncementView>(`/announcements/${saved.id}/media-upload`, { key, name: s.file.name });
  } else if (s.removeMedia && saved.mediaName) {
    saved = await api.delete<AnnouncementView>(`/announcements/${saved.id}/media-upload`);
  }
  return saved;
}

export function useSaveAnnouncement(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: announcementsKey });
      options.onSuccess?.();
    },
  });
}

export function useDeleteAnnouncement(options: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/announcements/${id}`),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: announcementsKey });
      options.onSuccess?.();
    },
  });
}
