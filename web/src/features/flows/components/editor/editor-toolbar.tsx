import { useRef } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Download, FileInput, LayoutGrid, Plus, Save, Upload } from 'lucide-react';
import type { FlowNodeType } from '@conversa/shared/schemas/flows';
import { useDismiss } from '../../../../hooks/use-dismiss';
import { ADD_MENU, NODE_LOOK } from '../nodes/node-icons';

type Props = { saving: boolean; busy: boolean; onAdd(type: FlowNodeType): void; onImport(file: File): void; onExport(): void; onLayout(): void; onSave(): void };

/** The editor's toolbar (spec 3 "Flow editor"): the add menu, Importar/Exportar, Organizar Layout, Salvar. It wraps on phones. */
export function EditorToolbar({ saving, busy, onAdd, onImport, onExport, onLayout, onSave }: Props) {
  const { t } = useTranslation();
  const add = useDismiss();
  const io = useDismiss();
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flow-toolbar" role="toolbar" aria-label={t('flows.editor.title')}>
      <div className="flow-menu" ref={add.ref}>
        <Button size="small" variation="primary" gap="0.35rem" aria-haspopup="menu" aria-expanded={add.open} onClick={() => add.setOpen((o) => !o)}>
          <Plus size={16} aria-hidden /> {t('flows.editor.add')} <ChevronDown size={14} aria-hidden />
        </Button>
        {add.open ? (
          <div className="flow-menu__panel flow-menu__panel--start" role="menu" aria-label={t('flows.editor.add')}>
            {ADD_MENU.map((type) => {
              const { icon: Icon, color } = NODE_LOOK[type];
              return (
                <button key={type} type="button" role="menuitem" className="menu-item" onClick={() => (add.setOpen(false), onAdd(type))}>
                  <Icon size={16} aria-hidden style={{ color }} /> <span>{t(`flows.add.${type}`)}</span>
                </button>
              );
            })}
          </div>
        ) : null}
      </div>
      <div className="flow-menu" ref={io.ref}>
        <Button size="small" gap="0.35rem" aria-haspopup="menu" aria-expanded={io.open} isDisabled={busy} onClick={() => io.setOpen((o) => !o)}>
          <FileInput size={16} aria-hidden /> {t('flows.editor.importExport')} <ChevronDown size={14} aria-hidden />
        </Button>
        {io.open ? (
          <div className="flow-menu__panel flow-menu__panel--start" role="menu" aria-label={t('flows.editor.importExport')}>
            <button type="button" role="menuitem" className="menu-item" onClick={() => (io.setOpen(false), fileRef.current?.click())}>
              <Upload size={16} aria-hidden /> <span>{t('flows.editor.import')}</span>
            </button>
            <button type="button" role="menuitem" className="menu-item" onClick={() => (io.setOpen(false), onExport())}>
              <Download size={16} aria-hidden /> <span>{t('flows.editor.export')}</span>
            </button>
          </div>
        ) : null}
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          data-testid="flow-import-file"
          tabIndex={-1}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) onImport(f);
          }}
        />
      </div>
      <Button size="small" gap="0.35rem" onClick={onLayout}>
        <LayoutGrid size={16} aria-hidden /> {t('flows.editor.layout')}
      </Button>
      <Button size="small" variation="primary" colorTheme="success" gap="0.35rem" isLoading={saving} isDisabled={busy && !saving} onClick={onSave}>
        <Save size={16} aria-hidden /> {t('flows.editor.save')}
      </Button>
    </div>
  );
}
