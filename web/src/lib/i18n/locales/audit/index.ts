/** The audit log section, registered when the page's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const auditTexts = { pt, en, es, tr };
registerSection('audit', auditTexts);
