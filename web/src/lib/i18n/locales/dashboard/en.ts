import type dashboardPt from './pt';
import type { DeepStrings } from '../deep-strings';

const dashboard: DeepStrings<typeof dashboardPt> = {
  title: 'Dashboard',
  loadFailed: 'Could not load the ticket figures',
  filter: { label: 'Date filter', show: 'Filter', hide: 'Hide filter', from: 'Start date', to: 'End date', today: 'Today' },
  cards: {
    label: 'Indicators',
    inService: 'In service',
    waiting: 'Waiting',
    online: 'Agents online',
    onlineValue: '{{online}}/{{total}}',
    finished: 'Completed',
    sent: 'Messages sent',
    received: 'Messages received',
    leads: 'New leads',
    avgSupport: 'Average handling time',
    avgWait: 'Average wait time',
  },
  charts: { byUser: 'Tickets per user', byDay: 'Tickets per day or hour', total: 'Total: {{count}}', tickets: 'Tickets', empty: 'No tickets in this period.' },
  attendants: { title: 'Agents', name: 'Name', tickets: 'Tickets', avgSupport: 'Average time', status: 'Status', online: 'Online', offline: 'Offline', empty: 'No agents.' },
};

export default dashboard;
