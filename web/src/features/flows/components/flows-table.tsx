import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronLeft, ChevronRight, Copy, EllipsisVertical, Pencil, Trash2, Workflow } from 'lucide-react';
import type { FlowView } from '@conversa/shared/schemas/flows';
import { DataTable } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { useDismiss } from '../../../hooks/use-dismiss';
import { formatDateTimeShort } from '../../../lib/format';
import { pageOf } from '../lib/flow-name';

type Actions = { onRename(f: FlowView): void; onOpen(f: FlowView): void; onDuplicate(f: FlowView): void; onDelete(f: FlowView): void };

/** A row's menu: Editar nome, Editar fluxo, Duplicar, Excluir. */
function RowMenu({ flow, onRename, onOpen, onDuplicate, onDelete }: Actions & { flow: FlowView }) {
  const { t } = useTranslation();
  const { open, setOpen, ref } = useDismiss();
  const item = (label: string, Icon: typeof Pencil, run: () => void, danger = false) => (
    <button type="button" role="menuitem" className={`menu-item${danger ? ' menu-item--danger' : ''}`} onClick={() => (setOpen(false), run())}>
      <Icon size={16} aria-hidden /> <span>{label}</span>
    </button>
  );
  return (
    <div className="flow-menu" ref={ref}>
      <button type="button" className="icon-button" aria-haspopup="menu" aria-expanded={open} aria-label={t('flows.list.menu', { name: flow.name })} title={t('flows.list.menu', { name: flow.name })} onClick={() => setOpen((o) => !o)}>
        <EllipsisVertical size={18} aria-hidden />
      </button>
      {open ? (
        <div className="flow-menu__panel" role="menu">
          {item(t('flows.list.editName'), Pencil, () => onRename(flow))}
          {item(t('flows.list.editFlow'), Workflow, () => onOpen(flow))}
          {item(t('flows.list.duplicate'), Copy, () => onDuplicate(flow))}
          {item(t('flows.list.remove'), Trash2, () => onDelete(flow), true)}
        </div>
      ) : null}
    </div>
  );
}

type Props = Actions & { flows: readonly FlowView[]; page: number; onPage(page: number): void };

/** Spec 3 "Flow manager list": name (opens the editor), status, last change and the row menu; 10 per page. */
export function FlowsTable({ flows, page, onPage, ...actions }: Props) {
  const { t } = useTranslation();
  const shown = pageOf(flows, page);
  return (
    <>
      <DataTable
        className="flows-table"
        rows={shown.rows}
        rowKey={(f) => f.id}
        rowAttrs={(f) => ({ 'data-testid': `flow-${f.id}` })}
        empty={t('flows.list.empty')}
        columns={[
          { key: 'name', header: t('flows.list.col.name'), cellClassName: 'cell-strong cell-wrap', cell: (f) => (
              <>
                <Link to={paths.app.flowbuilder.getHref(f.id)}>{f.name}</Link>
                {f.lastError ? (
                  <span className="flow-error" role="note" title={f.lastError}>
                    {t('flows.list.lastError', { when: f.lastErrorAt ? formatDateTimeShort(f.lastErrorAt) : '', error: f.lastError })}
                  </span>
                ) : null}
              </>
            ) },
          { key: 'status', header: t('flows.list.col.status'), cell: (f) => <span className={`flow-status flow-status--${f.active ? 'on' : 'off'}`}>{f.active ? t('flows.list.active') : t('flows.list.inactive')}</span> },
          { key: 'updatedAt', header: t('flows.list.col.updatedAt'), className: 'hide-sm', cell: (f) => formatDateTimeShort(f.updatedAt) },
          { key: 'actions', header: t('flows.list.col.actions'), className: 'col-actions', label: false, cell: (f) => <RowMenu flow={f} {...actions} /> },
        ]}
      />
      {shown.pages > 1 ? (
        <nav className="flows-pager" aria-label={t('flows.list.page', { page: shown.page, pages: shown.pages })}>
          <button type="button" className="icon-button" disabled={shown.page <= 1} aria-label={t('flows.list.prev')} onClick={() => onPage(shown.page - 1)}>
            <ChevronLeft size={18} aria-hidden />
          </button>
          <span>{t('flows.list.page', { page: shown.page, pages: shown.pages })}</span>
          <button type="button" className="icon-button" disabled={shown.page >= shown.pages} aria-label={t('flows.list.next')} onClick={() => onPage(shown.page + 1)}>
            <ChevronRight size={18} aria-hidden />
          </button>
        </nav>
      ) : null}
    </>
  );
}
