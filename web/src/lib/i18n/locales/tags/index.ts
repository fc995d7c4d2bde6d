/** The tags section, registered when the tags or lanes page's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const tagsTexts = { pt, en, es, tr };
registerSection('tags', tagsTexts);
