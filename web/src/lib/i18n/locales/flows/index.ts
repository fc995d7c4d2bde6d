/** The flow builder's section, registered when a flow page's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const flowsTexts = { pt, en, es, tr };
registerSection('flows', flowsTexts);
