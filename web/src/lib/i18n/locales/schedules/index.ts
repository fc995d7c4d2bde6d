/** The schedules section, registered when the schedules page's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const schedulesTexts = { pt, en, es, tr };
registerSection('schedules', schedulesTexts);
