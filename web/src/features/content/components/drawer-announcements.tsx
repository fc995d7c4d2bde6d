import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip } from 'lucide-react';
import { useDrawerAnnouncements, useMarkAnnouncementRead } from '../api/announcements';
import { useAnnouncementsRealtime } from '../hooks/use-announcements-realtime';

/**
 * The right drawer's announcements (spec 1 §2, spec 3 §1): the active ones of the platform, priority 1
 * first then the newest, live; an unread mark on each until the user opens it (kept per user on the server).
 */
export function DrawerAnnouncements({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const list = useDrawerAnnouncements();
  const markRead = useMarkAnnouncementRead();
  const [open, setOpen] = useState<number | undefined>();
  useAnnouncementsRealtime(companyId);
  const records = list.data?.records ?? [];
  if (!records.length) return <p className="muted">{t('layout.announcementsEmpty')}</p>;
  return (
    <ul className="drawer-announcements" data-testid="drawer-announcements">
      {records.map((a) => {
        const expanded = open === a.id;
        return (
          <li key={a.id} className={`drawer-announcement drawer-announcement--p${a.priority}${a.read ? '' : ' is-unread'}`} data-id={a.id}>
            <button
              type="button"
              className="drawer-announcement__head"
              aria-expanded={expanded}
              onClick={() => {
                setOpen(expanded ? undefined : a.id);
                if (!a.read) markRead.mutate(a.id);
              }}
            >
              <span className="drawer-announcement__title">{a.title}</span>
              {a.read ? null : <span className="unread-dot" aria-label={t('layout.announcementUnread')} title={t('layout.announcementUnread')} />}
            </button>
            {expanded ? (
              <div className="drawer-announcement__body">
                <p>{a.text}</p>
                {a.mediaPath && a.mediaType === 'image' ? <img src={a.mediaPath} alt={a.mediaName ?? ''} className="drawer-announcement__media" /> : null}
                {a.mediaPath && a.mediaType === 'video' ? <video src={a.mediaPath} controls className="drawer-announcement__media" /> : null}
                {a.mediaPath ? (
                  <a href={a.mediaPath} target="_blank" rel="noreferrer noopener" className="drawer-announcement__link">
                    <Paperclip size={14} aria-hidden /> {t('layout.openAttachment')}
                  </a>
                ) : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** How many the user has not read (the top bar's badge). */
export function useUnreadAnnouncements(): number {
  return (useDrawerAnnouncements().data?.records ?? []).filter((a) => !a.read).length;
}
