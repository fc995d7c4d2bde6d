import type ticketsPt from './pt';
import type { DeepStrings } from '../deep-strings';

const tickets: DeepStrings<typeof ticketsPt> = {};

export default tickets;
