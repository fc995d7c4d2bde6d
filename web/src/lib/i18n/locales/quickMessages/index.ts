/** The quickMessages section, registered when the signed-in area's chunk loads (app/layout/main-layout.tsx). */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const quickMessagesTexts = { pt, en, es, tr };
registerSection('quickMessages', quickMessagesTexts);
