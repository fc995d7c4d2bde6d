import type ticketsByTagPt from './pt';
import type { DeepStrings } from '../deep-strings';

const ticketsByTag: DeepStrings<typeof ticketsByTagPt> = {
  title: 'Tickets by tag',
  tag: 'Tag',
  choose: 'Choose a tag',
  noTags: 'No tags yet.',
  search: 'Find tickets',
  none: 'No tickets were found for the selected tag.',
  colName: 'Name',
  colNumber: 'Number',
  colEmail: 'E-mail',
  colTicket: 'Ticket',
  open: "Open {{name}}'s ticket no. {{id}}",
  found: '{{count}} ticket(s) found.',
  more: 'Showing the {{count}} most recent tickets.',
  lane: 'lane',
};
export default ticketsByTag;
