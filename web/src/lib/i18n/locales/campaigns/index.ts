/** The bulk campaigns section, registered when a campaigns page's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const campaignsTexts = { pt, en, es, tr };
registerSection('campaigns', campaignsTexts);
