import type contactsPt from './pt';
import type { DeepStrings } from '../deep-strings';

const contacts: DeepStrings<typeof contactsPt> = {};

export default contacts;
