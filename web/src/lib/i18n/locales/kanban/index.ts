/** The kanban section, registered when the kanban page's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const kanbanTexts = { pt, en, es, tr };
registerSection('kanban', kanbanTexts);
