import { useCallback, useMemo, useState } from 'react';
import { Button, SwitchField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CheckCheck, Inbox, Layers, Plus, Search, Tag, Users, UsersRound } from 'lucide-react';
import { isAdmin } from '@conversa/shared/roles';
import { SEARCH_DEBOUNCE_MS } from '@conversa/shared/constants';
import type { TicketView } from '@conversa/shared/schemas/tickets';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useTickets } from '../../../lib/get-tickets';
import { useUsersList } from '../../../lib/get-users-list';
import { useQueues } from '../../../lib/queues';
import { useNow } from '../hooks/use-now';
import { useTags } from '../../../lib/get-tags';
import { useUpdateTicket } from '../api/update-ticket';
import { useViewer } from '../hooks/use-viewer';
import { canAccept, canCreateGroup, canShowAll, canSpy, groupTabVisible, rowOpens } from '../lib/access';
import { listParams, type ListFilters, type MainTab, type SubTab } from '../lib/list-params';
import { queueChoices, queueLabel } from '../lib/queues';
import { allTickets, badgeCount, countKey } from '../lib/tickets-cache';
import { emptyReason } from '../lib/empty-reason';
import { initialShowAll, rememberShowAll } from '../lib/show-all';
import { CheckMenu } from './check-menu';
import { TicketList } from './ticket-list';
import { TicketRow } from './ticket-row';

type Props = {
  selectedUuid?: string;
  onOpen(uuid: string): void;
  onNewTicket(): void;
  onNewGroup(): void;
  onSpy(t: TicketView): void;
};

const emptyFilters: ListFilters = { showAll: false, queueIds: [], users: [], tags: [], search: '' };

/** The left pane of /tickets (spec 1 §2): tabs, sub-tabs with counts, filters and the list. */
export function TicketsManager({ selectedUuid, onOpen, onNewTicket, onNewGroup, onSpy }: Props) {
  const { t } = useTranslation();
  const { viewer, settings, plan } = useViewer();
  const admin = isAdmin(viewer);
  const [tab, setTab] = useState<MainTab>('open');
  const [sub, setSub] = useState<Record<'open' | 'group', SubTab>>({ open: 'assigned', group: 'assigned' });
  const [filters, setFilters] = useState<ListFilters>(() => ({ ...emptyFilters, showAll: initialShowAll(viewer.id, admin) }));
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const f = { ...filters, search };
  const showGroups = groupTabVisible(viewer, settings);

  // Both sub-lists of the open tab load (their badges and live updates); the rest when shown.
  const openAssigned = useTickets(listParams('open', 'assigned', f));
  const openPending = useTickets(listParams('open', 'pending', f));
  const groupAssigned = useTickets(listParams('group', 'assigned', f), showGroups);
  const groupPending = useTickets(listParams('group', 'pending', f), showGroups);
  const closed = useTickets(listParams('closed', 'assigned', f), tab === 'closed');
  const searching = useTickets(listParams('search', 'assigned', f), tab === 'search');

  const current =
    tab === 'open' ? (sub.open === 'assigned' ? openAssigned : openPending) : tab === 'group' ? (sub.group === 'assigned' ? groupAssigned : groupPending) : tab === 'closed' ? closed : searching;
  const tickets = useMemo(() => allTickets(current.data), [current.data]);

  const tags = useTags(tab === 'search');
  const users = useUsersList(admin && (tab === 'search' || tab === 'closed'));
  const queues = useQueues();
  const queueOptions = queueChoices(queues.data ?? [], admin ? undefined : viewer.queueIds).map((q) => ({ id: q.id, label: queueLabel(q.name), title: q.name, color: q.color }));

  const now = useNow(30_000);
  const [acceptingId, setAcceptingId] = useState<number>();
  // An accepted ticket moves to 'Atendendo': the list follows it there, as the chat opens.
  const accept = useUpdateTicket({
    onSuccess: (tk) => {
      const which = tk.isGroup ? 'group' : 'open';
      if (tab === which) setSub((x) => ({ ...x, [which]: 'assigned' }));
      onOpen(tk.uuid);
    },
  });
  const onAccept = useCallback(
    (tk: TicketView) => {
      setAcceptingId(tk.id);
      accept.mutate({ id: tk.id, body: { status: 'open', userId: viewer.id } }, { onSettled: () => setAcceptingId(undefined) });
    },
    [accept, viewer.id],
  );
  const onRowOpen = useCallback((tk: TicketView) => onOpen(tk.uuid), [onOpen]);

  const set = <K extends keyof ListFilters>(k: K, v: ListFilters[K]) => setFilters((x) => ({ ...x, [k]: v }));
  const setShowAll = (on: boolean) => {
    rememberShowAll(viewer.id, on);
    set('showAll', on);
  };
  const showAllOffered = canShowAll(viewer, settings);
  const why = emptyReason(viewer, settings, tab, tab === 'open' || tab === 'group' ? sub[tab] : 'assigned', filters, showAllOffered);
  const empty = (
    <>
      <p>{t(`tickets.list.why.${why.key}`)}</p>
      {why.connectHint ? <p className="list-state__hint">{t('tickets.list.why.connect')}</p> : null}
    </>
  );
  const tabs: { id: MainTab; label: string; icon: React.ReactNode }[] = [
    { id: 'open', label: t('tickets.tabs.open'), icon: <Inbox size={16} aria-hidden /> },
    { id: 'closed', label: t('tickets.tabs.closed'), icon: <CheckCheck size={16} aria-hidden /> },
    ...(showGroups ? [{ id: 'group' as const, label: t('tickets.tabs.group'), icon: <UsersRound size={16} aria-hidden /> }] : []),
    { id: 'search', label: t('tickets.tabs.search'), icon: <Search size={16} aria-hidden /> },
  ];
  const subTabs = (which: 'open' | 'group') => {
    const [a, p] = which === 'open' ? [openAssigned, openPending] : [groupAssigned, groupPending];
    return (
      <div className="t-subtabs" role="tablist" aria-label={t(`tickets.tabs.${which}`)}>
        {(['assigned', 'pending'] as const).map((s) => {
          const q = s === 'assigned' ? a : p;
          const count = badgeCount(q.data, countKey(listParams(which, s, f)));
          return (
            <button key={s} type="button" role="tab" aria-selected={sub[which] === s} className={`t-subtab${sub[which] === s ? ' is-active' : ''}`} onClick={() => setSub((x) => ({ ...x, [which]: s }))} data-testid={`subtab-${which}-${s}`}>
              {t(`tickets.tabs.${s}`)}
              {count !== undefined ? <span className={`t-count${s === 'pending' && count !== '0' ? ' t-count--warn' : ''}`}>{count}</span> : null}
            </button>
          );
        })}
      </div>
    );
  };

  const queueFilter = (
    <CheckMenu label={t('tickets.filters.queues')} icon={<Layers size={14} aria-hidden />} options={queueOptions} selected={filters.queueIds} onChange={(v) => set('queueIds', v)} emptyText={t('tickets.filters.noQueues')} testId="queue-filter" />
  );
  const userFilter = admin ? (
    <CheckMenu label={t('tickets.filters.users')} icon={<Users size={14} aria-hidden />} options={(users.data ?? []).map((u) => ({ id: u.id, label: u.name }))} selected={filters.users} onChange={(v) => set('users', v)} />
  ) : null;

  return (
    <section className="t-manager" aria-label={t('tickets.title')}>
      <div className="t-tabs" role="tablist" aria-label={t('tickets.title')}>
        {tabs.map((x) => (
          <button key={x.id} type="button" role="tab" aria-selected={tab === x.id} className={`t-tab${tab === x.id ? ' is-active' : ''}`} onClick={() => setTab(x.id)} data-testid={`tab-${x.id}`}>
            {x.icon}
            <span>{x.label}</span>
          </button>
        ))}
      </div>
      <div className="t-toolbar">
        <Button size="small" variation="primary" gap="0.3rem" onClick={onNewTicket}>
          <Plus size={16} aria-hidden /> {t('tickets.actions.new')}
        </Button>
        {tab === 'group' && canCreateGroup(plan) ? (
          <Button size="small" gap="0.3rem" onClick={onNewGroup}>
            <UsersRound size={16} aria-hidden /> {t('tickets.actions.newGroup')}
          </Button>
        ) : null}
        {showAllOffered ? (
          <SwitchField className="t-toolbar__switch" size="small" label={t('tickets.filters.showAll')} labelPosition="end" isChecked={filters.showAll} onChange={(e) => setShowAll(e.target.checked)} />
        ) : null}
        {tab !== 'search' ? queueFilter : null}
        {tab === 'closed' ? userFilter : null}
      </div>
      {tab === 'search' ? (
        <div className="t-search">
          <label className="t-search__box">
            <Search size={16} aria-hidden />
            <input type="search" value={filters.search} placeholder={t('tickets.filters.searchPlaceholder')} aria-label={t('tickets.filters.searchPlaceholder')} onChange={(e) => set('search', e.target.value)} />
          </label>
          <div className="t-toolbar">
            <CheckMenu label={t('tickets.filters.tags')} icon={<Tag size={14} aria-hidden />} options={(tags.data ?? []).map((x) => ({ id: x.id, label: x.name, color: x.color }))} selected={filters.tags} onChange={(v) => set('tags', v)} />
            {userFilter}
            {queueFilter}
          </div>
        </div>
      ) : null}
      {tab === 'open' || tab === 'group' ? subTabs(tab) : null}
      <TicketList
        tickets={tickets}
        label={t(`tickets.tabs.${tab}`)}
        empty={empty}
        loading={current.isPending && current.fetchStatus !== 'idle'}
        error={current.isError}
        hasMore={Boolean(current.hasNextPage)}
        loadingMore={current.isFetchingNextPage}
        onMore={() => void current.fetchNextPage()}
        onRetry={() => void current.refetch()}
        renderRow={(tk) => (
          <TicketRow ticket={tk} selected={tk.uuid === selectedUuid} opens={rowOpens(tk)} canAccept={canAccept(viewer, tk)} accepting={acceptingId === tk.id} now={now} onOpen={onRowOpen} onAccept={onAccept} onSpy={canSpy(viewer) ? onSpy : undefined} />
        )}
      />
    </section>
  );
}
