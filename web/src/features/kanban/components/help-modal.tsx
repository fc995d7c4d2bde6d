import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';

const PARAGRAPHS = ['lanes', 'move', 'campaign', 'replace', 'reset', 'live'] as const;

/** The info icon's modal: what lanes are, how to move cards, and what a lane's campaign does. */
export function HelpModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('kanban.helpModal.title')} onClose={onClose}>
      <div className="kanban-help">
        {PARAGRAPHS.map((p) => (
          <p key={p}>{t(`kanban.helpModal.${p}`)}</p>
        ))}
      </div>
    </Modal>
  );
}
