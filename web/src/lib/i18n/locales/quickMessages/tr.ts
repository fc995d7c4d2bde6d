import type quickMessagesPt from './pt';
import type { DeepStrings } from '../deep-strings';

const quickMessages: DeepStrings<typeof quickMessagesPt> = {};

export default quickMessages;
