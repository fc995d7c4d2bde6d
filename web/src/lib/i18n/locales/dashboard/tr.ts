import type dashboardPt from './pt';
import type { DeepStrings } from '../deep-strings';

const dashboard: DeepStrings<typeof dashboardPt> = {};

export default dashboard;
