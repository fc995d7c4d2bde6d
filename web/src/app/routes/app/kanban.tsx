import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Info, Settings } from 'lucide-react';
import { isAdmin } from '@conversa/shared/roles';
import { OPEN_LANE, type KanbanMoveResult } from '@conversa/shared/schemas/tags';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { ListSearch } from '../../../components/ui/list-search';
import { LoadState } from '../../../components/ui/load-state';
import { useKanbanBoard, useLoadMoreLane } from '../../../features/kanban/api/get-kanban';
import { useMoveCard } from '../../../features/kanban/api/move-card';
import { HelpModal } from '../../../features/kanban/components/help-modal';
import { KanbanBoard } from '../../../features/kanban/components/kanban-board';
import type { LaneInfo } from '../../../features/kanban/components/kanban-lane';
import { QueueFilter } from '../../../features/kanban/components/queue-filter';
import { SettingsModal } from '../../../features/kanban/components/settings-modal';
import { useKanbanRealtime } from '../../../features/kanban/hooks/use-kanban-realtime';
import { campaignToasts } from '../../../features/kanban/lib/campaign-toasts';
import { readPrefs, writePrefs, type KanbanPrefs } from '../../../features/kanban/lib/prefs';
import { useUser } from '../../../lib/auth';
import { useTags } from '../../../lib/get-tags';
import '../../../lib/i18n/locales/kanban';
import { allowedQueues, useQueues } from '../../../lib/queues';
import { toast } from '../../../lib/toast';
import '../../../styles/kanban.css';

/** 'Em aberto' has no tag, so no colour of its own. */
const OPEN_LANE_COLOR = '#64748b';

/**
 * /Kanban (spec 3 "Campaign kanban board", §4 "Kanban move between lanes", §8; paid plans): 'Em
 * aberto' and one lane per lane tag, cards moved by drag and drop or the keyboard, the lane's
 * campaign applied by the server and told in toasts; live for everyone who sees the tickets.
 */
export default function KanbanRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const [search, setSearch] = useState('');
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [prefs, setPrefs] = useState<KanbanPrefs>(readPrefs);
  const [modal, setModal] = useState<'settings' | 'help' | undefined>();
  const moving = useRef(new Map<number, number>()).current;

  const tags = useTags(true, 1);
  const queues = useQueues();
  const myQueues = allowedQueues(queues.data ?? [], isAdmin(me) ? undefined : me.queueIds);
  const board = useKanbanBoard(queueIds);
  const loadMore = useLoadMoreLane();
  const move = useMoveCard({
    moving,
    onMoved: (r: KanbanMoveResult) => {
      for (const x of campaignToasts(r.campaign)) toast[x.kind](t(x.key, x.values), x.ms);
    },
  });
  useKanbanRealtime(me.companyId, moving);

  const allLanes: LaneInfo[] = useMemo(
    () => [{ laneId: OPEN_LANE, name: t('kanban.openLane'), color: OPEN_LANE_COLOR }, ...[...(tags.data ?? [])].sort((a, b) => a.id - b.id).map((l) => ({ laneId: l.id, name: l.name, color: l.color }))],
    [tags.data, t],
  );
  const shown = allLanes.filter((l) => !prefs.hiddenLanes.includes(l.laneId));

  return (
    <ContentLayout
      title={t('kanban.title')}
      fill
      actions={
        <div className="kanban-actions">
          <ListSearch label={t('kanban.search')} placeholder={t('common.search')} value={search} onChange={setSearch} />
          <button type="button" className="icon-button" aria-label={t('kanban.settings')} title={t('kanban.settings')} onClick={() => setModal('settings')}>
            <Settings size={20} aria-hidden />
          </button>
          <button type="button" className="icon-button" aria-label={t('kanban.help')} title={t('kanban.help')} onClick={() => setModal('help')}>
            <Info size={20} aria-hidden />
          </button>
        </div>
      }
    >
      <QueueFilter queues={myQueues} selected={queueIds} onChange={setQueueIds} />
      {tags.isSuccess && !tags.data.length ? <p className="kanban-note muted">{t('kanban.noLanes')}</p> : null}
      {board.data ? (
        <KanbanBoard
          board={board.data}
          lanes={shown}
          search={search}
          compact={prefs.compact}
          loadingLane={loadMore.isPending ? loadMore.variables?.laneId : undefined}
          onLoadMore={(laneId, cursor) => loadMore.mutate({ laneId, cursor, queueIds })}
          onMove={(ticketId, laneId) => move.mutate({ ticketId, laneId, queueIds })}
        />
      ) : (
        <LoadState query={board} />
      )}
      <SettingsModal
        open={modal === 'settings'}
        lanes={allLanes}
        prefs={prefs}
        onClose={() => setModal(undefined)}
        onSave={(p) => {
          writePrefs(p);
          setPrefs(p);
          setModal(undefined);
          toast.success(t('kanban.settingsModal.saved'));
        }}
      />
      <HelpModal open={modal === 'help'} onClose={() => setModal(undefined)} />
    </ContentLayout>
  );
}
