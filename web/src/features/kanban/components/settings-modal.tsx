import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SwitchField } from '@aws-amplify/ui-react';
import { Modal } from '../../../components/ui/modal';
import type { KanbanPrefs } from '../lib/prefs';
import type { LaneInfo } from './kanban-lane';

type Props = { open: boolean; lanes: readonly LaneInfo[]; prefs: KanbanPrefs; onSave(prefs: KanbanPrefs): void; onClose(): void };

/** The gear's modal: which lanes the board shows and compact cards, kept in this browser. */
export function SettingsModal({ open, lanes, prefs, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(prefs);
  useEffect(() => {
    if (open) setDraft(prefs);
  }, [open, prefs]);
  const toggle = (laneId: number, shown: boolean) => setDraft((d) => ({ ...d, hiddenLanes: shown ? d.hiddenLanes.filter((id) => id !== laneId) : [...d.hiddenLanes, laneId] }));
  return (
    <Modal
      open={open}
      title={t('kanban.settingsModal.title')}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button variation="link" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variation="primary" onClick={() => onSave(draft)}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <fieldset className="kanban-settings__lanes">
        <legend>{t('kanban.settingsModal.lanes')}</legend>
        {lanes.map((l) => (
          // Native checkboxes: Amplify's CheckboxField, controlled, keeps showing its first state.
          <label key={l.laneId} className="kanban-settings__lane">
            <input type="checkbox" name={`lane-${l.laneId}`} checked={!draft.hiddenLanes.includes(l.laneId)} onChange={(e) => toggle(l.laneId, e.target.checked)} />
            <span className="kanban-dot" style={{ background: l.color }} aria-hidden />
            {l.name}
          </label>
        ))}
        <p className="muted kanban-settings__hint">{t('kanban.settingsModal.lanesHint')}</p>
      </fieldset>
      <SwitchField label={t('kanban.settingsModal.compact')} name="compact" isChecked={draft.compact} onChange={(e) => setDraft((d) => ({ ...d, compact: e.target.checked }))} labelPosition="end" />
    </Modal>
  );
}
