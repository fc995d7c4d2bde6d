import type chatPt from './pt';
import type { DeepStrings } from '../deep-strings';

const chat: DeepStrings<typeof chatPt> = {};

export default chat;
