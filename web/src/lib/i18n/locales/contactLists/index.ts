/** The contact lists section, registered when a contact lists page's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const contactListsTexts = { pt, en, es, tr };
registerSection('contactLists', contactListsTexts);
