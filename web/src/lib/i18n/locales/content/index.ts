/** The platform content section, registered when the importing page's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const contentTexts = { pt, en, es, tr };
registerSection('content', contentTexts);
