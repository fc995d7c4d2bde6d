/** The Tickets by tag section, registered when its page's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const ticketsByTagTexts = { pt, en, es, tr };
registerSection('ticketsByTag', ticketsByTagTexts);
